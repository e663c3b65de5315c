/**
 * The owner's preview (issue 5): every demo form in preview mode (spec 6: no server calls, simulated success,
 * closing rebuilds), with its settings JSON editable and re-rendered live, and switches for the variant, the
 * template, a phone-sized width and the language and direction of the page under the popup. The popup runs in a
 * same-origin stage frame, so the phone width is a real viewport width and the stage's <html lang dir> is what a
 * host page's would be.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { GLOBAL_KEY, JS_PATH } from '../../constants';
import { safeVersion } from '../../browser/urls';
import { allForms, type FormRow } from '../db/forms';
import { ownSources } from '../http/csp';
import { sendPage } from '../http/respond';
import type { RouteContext } from '../route';
import type { Badge } from '../badge';
import { forVisitor } from '../subscribe/routes';
import { esc, inlineJson, page, type PageRoot } from './html';
import { previewClient, type PreviewData } from './preview-client';

const CSS = `
.controls{display:flex;flex-wrap:wrap;gap:12px 20px;align-items:end}
.controls label{display:flex;flex-direction:column;font-size:14px;gap:4px}
.controls label.inline{flex-direction:row;align-items:center;gap:6px}
.work{display:grid;grid-template-columns:minmax(280px,1fr) 2fr;gap:16px;margin-top:16px}
@media (max-width:900px){.work{grid-template-columns:1fr}}
textarea{width:100%;height:640px;font:12px/1.4 ui-monospace,Menlo,monospace}
iframe{border:1px solid #bbb;border-radius:6px;width:100%;height:640px;background:#fff}
#status{min-height:1.5em}#status.bad{color:#b00020}
main{max-width:1400px}
.json{display:flex;flex-direction:column;gap:4px}
`;

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
 * The preview page for the given forms, starting on `key` with the stage in `root`'s language and direction; `demo`
 * links the demo's other pages, production (which has none) offers to sign out instead.
 */
export const previewPage = (
  forms: FormRow[],
  key: string,
  host: string,
  badge: Badge,
  demo: boolean,
  nonce: string,
  root: Required<PageRoot> = { lang: 'en', dir: 'ltr' },
): string => {
  const data: PreviewData = {
    forms: forms.map((f) => ({
      key: f.demoKey || f.fId,
      title: f.title,
      uuid: f.uuid,
      lid: f.listId,
      fId: f.fId,
      settings: forVisitor(f.settings, host, badge),
    })),
    initial: key,
    globalKey: GLOBAL_KEY,
    lang: root.lang,
    dir: root.dir,
    langPattern: LANG_TAG.source,
    langMax: LANG_MAX,
  };
  const body = `<main>
<h1>Form preview</h1>
<p class="muted">Preview mode makes no server calls: a submit shows the success message, closing rebuilds the popup.
Edit the settings JSON and the popup re-renders. ${
    demo
      ? '<a href="/demo">Demo host page</a> · <a href="/mailbox">Mailbox</a></p>'
      : '</p><form method="post" action="/owner/logout">' +
        '<button type="submit" class="secondary">Sign out</button></form>'
  }
<div class="controls">
<label>Form <select id="form"></select></label>
<label>Variant <select id="variant"><option value="modal">modal</option><option value="fixed">fixed</option>
<option value="slide">slide</option></select></label>
<label>Template
<select id="template">${[1, 2, 3, 4, 5].map((t) => `<option value="${t}">${t}</option>`).join('')}</select></label>
<label class="inline"><input type="checkbox" id="phone"> Phone width (375px)</label>
<label>Page language <input id="lang" class="field" value="${esc(root.lang)}" maxlength="${LANG_MAX}"
spellcheck="false" autocomplete="off" aria-describedby="lang-hint"></label>
<label>Page direction <select id="dir"><option value="ltr">left to right</option>
<option value="rtl"${root.dir === 'rtl' ? ' selected' : ''}>right to left</option></select></label>
<button type="button" id="reset" class="secondary">Reset settings</button>
</div>
<p id="lang-hint" class="muted">Page language: a language tag such as en, fr-CA or ar, for the page under the popup
(its <code>&lt;html lang&gt;</code>); the popup reads it as a visitor's page would give it.</p>
<p id="status" role="status" aria-live="polite"></p>
<div class="work">
<label for="json" class="json">Settings (JSON, spec 3.2)<textarea id="json"
spellcheck="false"></textarea></label>
<iframe id="stage" title="Popup preview"></iframe>
</div>
</main>
<script nonce="${nonce}">(${previewClient.toString()})(${inlineJson(data)})</script>`;
  return page('Form preview', body, nonce, CSS);
};

/**
 * The stage: an empty page that loads popup.js of version `v`, ready for `mount`, in `root`'s language and direction
 * (validated by stageRoot).
 */
export const stagePage = (v: string, nonce: string, root: Required<PageRoot> = { lang: 'en', dir: 'ltr' }): string =>
  page(
    'Preview stage',
    // Its main landmark named apart from the preview page's own (axe's landmark-unique sees through the frame).
    `<main aria-label="Your website, under the popup"><h1 class="muted stage-title">Your website</h1>
<p class="muted">The popup appears over this page as it would over yours.</p></main>
<script nonce="${nonce}">window.${GLOBAL_KEY}=window.${GLOBAL_KEY}||{}</script>
<script nonce="${nonce}" src="/${JS_PATH}${esc(safeVersion(v))}/popup.js"></script>`,
    nonce,
    // Only the title's size: the preview's rules (iframe borders and sizes) must not reach the popup's frames.
    '.stage-title{font-size:18px}',
    '',
    root,
  );

/** Serves /preview and its stage (in production behind the owner gate, src/server/owner/routes.ts). */
export const previewRoute = async (
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  ctx: RouteContext,
): Promise<boolean> => {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const head = req.method === 'HEAD';
  if (url.pathname === '/preview') {
    const forms = await allForms(ctx.store);
    const key = url.searchParams.get('form') || '';
    const host = ctx.site.hostFor(req);
    const demo = ctx.site.mode === 'demo';
    // Its own inline script and styles, the stage frame, and the sign-out form.
    const policy = { frame: ["'self'"], form: ["'self'"] };
    const root = stageRoot(url.searchParams);
    sendPage(res, (n) => previewPage(forms, key, host, ctx.site.badge, demo, n, root), { policy, head });
    return true;
  }
  if (url.pathname === '/preview/stage') {
    const own = ownSources(ctx.site.origin);
    // popup.js and the files beside it, the popup's stylesheets and the forms' images; framed by the preview only.
    const policy = { script: own, style: own, img: own, ancestors: "'self'" } as const;
    const root = stageRoot(url.searchParams);
    sendPage(res, (n) => stagePage(url.searchParams.get('v') || '', n, root), { policy, head });
    return true;
  }
  return false;
};
