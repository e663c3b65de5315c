/**
 * embed.js: the site owner's script tag (spec 4.1). Started by an existing Mailchimp snippet through
 * `window.dojoRequire(["mojo/signup-forms/Loader"], L => L.start({...}))`, or by its own data attributes; the loader
 * object `L` also opens the popup on demand (issue 14). It checks
 * the cookies, fetches the form settings by JSONP once the page has loaded, waits for the trigger, and then loads the
 * versioned popup.js, which receives the parameters and settings through `window.__mcsf` (src/loader/lifecycle.ts).
 */
import { LOADER_MODULE } from './constants';
import { destroy, grantConsent, open, script, start } from './loader/lifecycle';

/**
 * The loader object a snippet's dojoRequire callback receives (README, Embedding). embed-full.js adds what only some
 * sites need (issue 14): destroy for single-page apps, and consent first; its start also reads `consent` and
 * `scopeCookies`. embed.js, on every page of every Mailchimp snippet, stays without them (build.mjs `__FULL__`).
 */
const loader = __FULL__ ? { start, open, destroy, grantConsent } : { start, open };
type Require = NonNullable<Window['dojoRequire']> & { q?: Iterable<unknown>[] };
// Only dojoRequire, never a global require or define: other scripts' module loaders stay untouched. Any other
// module id goes to a dojoRequire that was there before us.
const before = window.dojoRequire as Require | undefined;
const dojoRequire: Require = (window.dojoRequire = (modules, callback) =>
  modules && modules[0] === LOADER_MODULE ? callback(loader) : before && before(modules, callback));
// The README's snippet defines a stub that queues its calls until embed.js runs (issue 14.4), as analytics snippets
// do: they run now, in order.
if (before && before.q) for (const a of before.q) dojoRequire(...(a as Parameters<Require>));

// <script src=".../embed.js" data-base-url=".." data-uuid=".." data-lid=".."> starts by itself.
const data = script && script.dataset;
if (data && (data.baseUrl || data.uuid || data.lid)) start(data);
