/**
 * The studio's stage (docs/decisions/preview-and-stage.md): an empty page standing in for the owner's website, framed
 * by the editor, that loads the real popup.js of the form's version; the editor mounts the form in it through
 * popup.js's mount API in preview mode (spec 6: no server calls, simulated success, closing rebuilds) on every change.
 * Its <html lang dir> are the page language and direction the owner picks: the popup reads them there as on a visitor's
 * page.
 */
import { GLOBAL_KEY, JS_PATH } from '../../constants';
import { safeVersion } from '../../browser/urls';
import { esc, page, type PageRoot } from '../pages/html';

/**
 * A language tag as the stage's <html lang> takes it: BCP 47's shape (a language of 2 to 8 letters, then subtags of 1
 * to 8 letters or digits: en, fr-CA, zh-Hant-TW, ar-u-nu-latn), not its registry. Nothing else reaches the markup.
 */
export const LANG_TAG = /^[A-Za-z]{2,8}(?:-[A-Za-z\d]{1,8})*$/;
/** The longest tag taken (RFC 5646 4.4.1 asks implementations to handle at least 35 characters). */
export const LANG_MAX = 35;

/**
 * The stage's language and direction from a query's `lang` and `dir`: a language tag (LANG_TAG), else English; 'rtl'
 * or 'ltr', else 'ltr'. An owner previewing an Arabic or Hebrew form sees it over a page in that language and
 * direction, as on their own site.
 */
export const stageRoot = (q: URLSearchParams): Required<PageRoot> => {
  const lang = q.get('lang') || '';
  return {
    lang: lang.length <= LANG_MAX && LANG_TAG.test(lang) ? lang : 'en',
    dir: q.get('dir') === 'rtl' ? 'rtl' : 'ltr',
  };
};

/**
 * The stage: an empty page that loads popup.js of version `v`, ready for `mount`, in `root`'s language and direction
 * (validated by stageRoot).
 */
export const stagePage = (v: string, nonce: string, root: Required<PageRoot> = { lang: 'en', dir: 'ltr' }): string =>
  page(
    'Preview stage',
    // Its main landmark named apart from the studio page's own (axe's landmark-unique sees through the frame).
    `<main aria-label="Your website, under the popup"><h1 class="muted stage-title">Your website</h1>
<p class="muted">The popup appears over this page as it would over yours.</p></main>
<script nonce="${nonce}">window.${GLOBAL_KEY}=window.${GLOBAL_KEY}||{}</script>
<script nonce="${nonce}" src="/${JS_PATH}${esc(safeVersion(v))}/popup.js"></script>`,
    nonce,
    // Only the title's size: the studio's rules must not reach the popup's frames.
    '.stage-title{font-size:18px}',
    '',
    root,
  );
