/**
 * The single-page-app demo (issue 14.2): a host page that navigates with `history.pushState`, as a React, Vue or Next
 * site does, and embeds embed-full.js the way such a site's route component would. Each route starts its own form
 * on mount and destroys it on unmount; the two forms keep their cookies apart (`scopeCookies`, issue 14.5); nothing is
 * requested from the provider until the visitor allows it (`consent: 'wait'`, issue 14.3). Demo mode only.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { JS_PATH, LOADER_MODULE } from '../../constants';
import { allForms, type FormRow } from '../db/forms';
import { ownSources } from '../http/csp';
import { sendPage } from '../http/respond';
import type { RouteContext } from '../route';
import { esc, inlineJson, page } from './html';

/** The demo's routes: path, heading, text, and the demo form each starts. */
const ROUTES = [
  { path: '/demo/spa', title: 'Newsletter', text: 'Fresh bread, every Friday in your inbox.', key: 'modal' },
  { path: '/demo/spa/launch', title: 'Product launch', text: 'Our bakeware shop opens soon.', key: 'fixed' },
];

/**
 * The page's own router, inline under the page's nonce: links change the path with pushState, Back and Forward with
 * popstate; each change unmounts the route (L.destroy) and mounts the next (L.start). The snippet's one-line stub
 * queues calls until embed-full.js runs (README, Embedding).
 */
const routerScript = (routes: object[], nonce: string) => `<script nonce="${nonce}">
window.dojoRequire = window.dojoRequire || function () { (dojoRequire.q = dojoRequire.q || []).push(arguments) };
(function () {
  var routes = ${inlineJson(routes)};
  var view = document.getElementById('view'), status = document.getElementById('consent-status');
  function loader(f) { dojoRequire(["${LOADER_MODULE}"], f); }
  function route() {
    for (var i = 0; i < routes.length; i++) if (routes[i].path === location.pathname) return routes[i];
    return routes[0];
  }
  function mount() {
    var r = route();
    document.title = r.title + ' · Demo Goods app';
    view.querySelector('h1').textContent = r.title;
    view.querySelector('p').textContent = r.text;
    var links = document.querySelectorAll('nav a');
    for (var i = 0; i < links.length; i++)
      if (links[i].getAttribute('href') === r.path) links[i].setAttribute('aria-current', 'page');
      else links[i].removeAttribute('aria-current');
    loader(function (L) { L.start(r.options); });
  }
  function go(path) {
    loader(function (L) { L.destroy(); });
    if (path !== location.pathname) history.pushState(null, '', path);
    mount();
    view.querySelector('h1').focus();
  }
  document.querySelector('nav').addEventListener('click', function (e) {
    var a = e.target.closest('a');
    if (!a || e.metaKey || e.ctrlKey || e.shiftKey) return;
    e.preventDefault();
    go(a.getAttribute('href'));
  });
  addEventListener('popstate', function () { go(location.pathname); });
  document.getElementById('consent').addEventListener('click', function () {
    loader(function (L) { L.grantConsent(); });
    this.disabled = true;
    status.textContent = 'Allowed: the popup may now load.';
  });
  mount();
})();
</script>`;

/** The app page at `path` for the demo forms. */
export const spaPage = (forms: FormRow[], host: string, nonce: string): string => {
  const routes = ROUTES.flatMap((r) => {
    const f = forms.find((x) => x.demoKey === r.key);
    const options = f && { baseUrl: host, uuid: f.uuid, lid: f.listId, f_id: f.fId, consent: 'wait', scopeCookies: 1 };
    return options ? [{ path: r.path, title: r.title, text: r.text, options }] : [];
  });
  const nav = routes.map((r) => `<a href="${esc(r.path)}">${esc(r.title)}</a>`).join(' · ');
  const body = `<header class="site"><p><strong>Demo Goods app</strong> · <nav aria-label="App">${nav}</nav> ·
<a href="/demo">The plain demo</a></p></header>
<main id="view"><h1 tabindex="-1"></h1><p></p>
<p>This page is a single-page app: its links change the address with <code>history.pushState</code>. Each page of
the app starts its own form and destroys it when you leave, and the two forms keep their cookies apart.</p>
<p><button type="button" id="consent">Allow the newsletter popup</button> <span id="consent-status" role="status"
>Until you allow it, the popup requests nothing.</span></p></main>
${routerScript(routes, nonce)}
<script nonce="${nonce}" async src="//${host}/${JS_PATH}embed-full.js"></script>`;
  return page('Demo Goods app', body, nonce, '', 'A single-page app embedding two signup forms, one per route.');
};

/** Serves the app at every one of its routes; demo mode only. */
export const spaRoute = async (
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  ctx: RouteContext,
): Promise<boolean> => {
  if (!ROUTES.some((r) => r.path === url.pathname)) return false;
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const forms = await allForms(ctx.store);
  const host = ctx.site.hostFor(req);
  const own = ownSources(ctx.site.origin);
  sendPage(res, (n) => spaPage(forms, host, n), {
    policy: { script: own, style: own, img: own },
    head: req.method === 'HEAD',
  });
  return true;
};
