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
import { isLanguageTag } from '../../form-model/language';

/**
 * The stage's language and direction from a query's `lang` and `dir`: a language tag (src/form-model/language.ts),
 * else English; 'rtl' or 'ltr', else 'ltr'. An owner previewing an Arabic or Hebrew form sees it over a page in that
 * language and direction, as on their own site.
 */
export const stageRoot = (q: URLSearchParams): Required<PageRoot> => {
  const lang = q.get('lang') || '';
  return {
    lang: isLanguageTag(lang) ? lang : 'en',
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
