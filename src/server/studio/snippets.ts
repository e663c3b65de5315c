/**
 * The embed snippets of a form, ready to copy (issue 33 item 6; README "Embedding"): the Mailchimp-style snippet,
 * the safe queued one (never throws when embed.js is blocked or late), the one-tag `data-` form, and a button that
 * opens the popup on demand. They name this provider by its public URL (production) or its listening address (demo),
 * never by a request header: a forged Host must not end up in a snippet pasted into someone's site.
 */
import { JS_PATH, LOADER_MODULE } from '../../constants';
import { esc, inlineJson } from '../pages/html';
import type { Snippets } from '../../owner-api';

/** Form `fId` of list `lid` of account `uuid`, on the provider whose links start with `origin`. */
export const snippets = (origin: string, uuid: string, lid: string, fId: string): Snippets => {
  const host = new URL(origin).host;
  const js = `${origin}/${JS_PATH}`;
  const start = { baseUrl: host, uuid, lid, f_id: fId };
  return {
    mailchimp: `<script type="text/javascript" src="${esc(js)}unique-methods/embed.js"></script>
<script type="text/javascript">window.dojoRequire(["${LOADER_MODULE}"], function (L) { L.start(${inlineJson({
      ...start,
      uniqueMethods: true,
    })}) })</script>`,
    queued: `<script>
  window.dojoRequire = window.dojoRequire || function () { (dojoRequire.q = dojoRequire.q || []).push(arguments) };
  dojoRequire(["${LOADER_MODULE}"], function (L) {
    L.start(${inlineJson(start)});
  });
</script>
<script async src="${esc(js)}embed.js"></script>`,
    tag: `<script async src="${esc(js)}embed.js"
        data-base-url="${esc(host)}" data-uuid="${esc(uuid)}" data-lid="${esc(lid)}" data-f-id="${esc(fId)}"></script>`,
    opener: `<!-- Opens the popup when clicked, on a page that carries one of the snippets above. -->
<button type="button" data-mc-popup-open>Subscribe to our newsletter</button>`,
  };
};
