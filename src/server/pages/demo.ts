/**
 * The demo host page (issue 5): a plain page standing in for a site owner's website, carrying the real embed
 * snippet for one demo form, the list of demo forms with their ids, and a button that forgets the popup cookies so
 * the popup can be seen again. Served at /demo always, and at / until the blog takes that path.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { COOKIE_CLOSED, COOKIE_LIST_MEMBER, COOKIE_SUBSCRIBED, JS_PATH, LOADER_MODULE } from '../../constants';
import type { FormRow } from '../db/forms';
import { allForms } from '../db/forms';
import { ownSources } from '../http/csp';
import { sendPage } from '../http/respond';
import type { RouteContext } from '../route';
import { esc, inlineJson, page } from './html';

/**
 * The snippet a site owner pastes (spec 3.1: baseUrl, uuid, lid, and f_id), pointing at this provider; with `nonce`,
 * as this page runs it under its own CSP (the shown snippet has none: an owner's page has its own).
 */
export const snippet = (host: string, f: Pick<FormRow, 'uuid' | 'listId' | 'fId'>, nonce = ''): string => {
  const options = inlineJson({ baseUrl: host, uuid: f.uuid, lid: f.listId, f_id: f.fId });
  const n = nonce ? ` nonce="${nonce}"` : '';
  return `<script${n} src="//${host}/${JS_PATH}embed.js"></script>
<script${n}>window.dojoRequire(["${LOADER_MODULE}"], function (L) { L.start(${options}) })</script>`;
};

const ARTICLE = [
  'Our bakers start at four, long before the shop opens. The sourdough rests overnight, the croissants are ' +
    'laminated by hand, and the first loaves come out of the oven as the street lights go off.',
  'Every week we try something new: a rye with caraway, a cardamom bun, a focaccia with whatever the market had ' +
    'too much of. Subscribers hear about it first, along with the odd recipe for the home oven.',
  'We ship flour, starters and bakeware across the country, packed in paper, never plastic. ' +
    'Orders placed before noon leave the same day.',
  'Scroll on: some demo forms open when you pass the middle of the page or reach its bottom, ' +
    'and one waits until your mouse leaves the window.',
];

/** Forgets the popup's cookies (spec 3.8) and reloads, so the demo popup shows again. */
const forgetScript = (nonce: string) => `<script nonce="${nonce}">
document.getElementById('forget').addEventListener('click',function(){
${inlineJson([COOKIE_CLOSED, COOKIE_SUBSCRIBED, COOKIE_LIST_MEMBER])}.forEach(function(n){
document.cookie=n+'=; Max-Age=0; Path=/; SameSite=Lax'});
location.reload()})</script>`;

/** The demo page of `form` among `forms`, its inline scripts and styles under `nonce`. */
export const demoPage = (forms: FormRow[], form: FormRow, host: string, nonce: string): string => {
  const rows = forms
    .map((f) => {
      const cur = f === form ? ' aria-current="page"' : '';
      return `<tr><td><a href="/demo?form=${esc(f.demoKey || '')}"${cur}>${esc(f.title)}</a></td>
<td><code>${esc(f.uuid)}</code></td><td><code>${esc(f.listId)}</code></td><td><code>${esc(f.fId)}</code></td></tr>`;
    })
    .join('\n');
  const body = `<header class="site"><p><strong>Demo Goods</strong> · a bakery that sells online ·
<a href="/studio/forms/${esc(encodeURIComponent(form.listId))}/${esc(encodeURIComponent(form.fId))}">Owner studio</a> ·
<a href="/mailbox">Mailbox</a></p></header>
<main>
<h1>Fresh bread, delivered</h1>
<p>This page stands in for a site owner's website. It carries the real embed snippet for the
<strong>${esc(form.title)}</strong> demo form; the popup comes from this reference provider.</p>
<p><button type="button" id="forget" class="secondary">Forget me: show the popup again</button></p>
${ARTICLE.map((p) => `<p>${esc(p)}</p>`).join('\n')}
<h2>Demo forms</h2>
<table><caption class="muted">Pick a form to load it on this page.</caption>
<thead><tr><th scope="col">Form</th><th scope="col">uuid</th><th scope="col">lid</th><th scope="col">f_id</th></tr>
</thead>
<tbody>${rows}</tbody></table>
<h2>The snippet on this page</h2>
<pre>${esc(snippet(host, form))}</pre>
${ARTICLE.map((p) => `<p>${esc(p)}</p>`).join('\n')}
<p class="muted">The bottom of the page.</p>
</main>
${forgetScript(nonce)}
${snippet(host, form, nonce)}`;
  return page(
    `Demo Goods: ${form.title}`,
    body,
    nonce,
    '',
    `A demo bakery's page carrying the real embed snippet of the ${form.title} signup form.`,
  );
};

/** Serves the demo page at /demo, and at / (the blog's route, when wired, runs first and takes /); demo mode only. */
export const demoRoute = async (
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  ctx: RouteContext,
): Promise<boolean> => {
  if (url.pathname !== '/' && url.pathname !== '/demo') return false;
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const forms = await allForms(ctx.store);
  const key = url.searchParams.get('form');
  const form = key ? forms.find((f) => f.demoKey === key) : forms[0];
  const host = ctx.site.hostFor(req);
  const own = ownSources(ctx.site.origin);
  // The popup: embed.js, popup.js, its stylesheets and images, and the JSONP calls, all from this provider. The popup
  // fetches nothing; connect-src 'self' is for audit tools that read /robots.txt from inside the page (Lighthouse's
  // robots-txt audit scored 0, "unable to download", under default-src 'none').
  const policy = { script: own, style: own, img: own, connect: ["'self'"] };
  if (!form)
    sendPage(
      res,
      (n) =>
        page(
          'No such demo form',
          '<main><h1>No such demo form</h1><p><a href="/demo">All demo forms</a></p></main>',
          n,
        ),
      { status: 404 },
    );
  else sendPage(res, (n) => demoPage(forms, form, host, n), { policy, head: req.method === 'HEAD' });
  return true;
};
