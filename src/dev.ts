/**
 * embed.dev.js: the loader and the popup in one file (spec 4.1 step 3: 'in dev mode, it builds the form directly').
 * The popup comes first so `window.__mcsf.show` exists when the loader's settings arrive.
 */
import './popup/index';
import './loader';
