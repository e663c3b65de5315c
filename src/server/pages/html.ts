/** Small helpers for the provider's own pages (demo host, preview, mailbox, captcha, confirm). */

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML content and quoted attribute values. */
export const esc = (v: unknown): string => String(v ?? '').replace(/[&<>"']/g, (ch) => ESC[ch]);

/**
 * JSON for an inline `<script>`: `<`, U+2028 and U+2029 escaped, so no value can close the script element or break
 * the script, whatever an owner typed into the settings.
 */
export const inlineJson = (v: unknown): string =>
  JSON.stringify(v)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The look shared by the provider's pages: system fonts, readable measure, visible focus. Every style is here or in
 * a page's own nonce'd style element: no style attribute, so the pages hold under a style-src without
 * 'unsafe-inline' (docs/decisions/strict-csp.md).
 */
export const BASE_CSS = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d1d1f;background:#fafaf7}
main,header.site,footer.site{max-width:960px;margin:0 auto;padding:16px 20px}
main.narrow{max-width:480px}
a{color:#005f69}
a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible,textarea:focus-visible{
outline:3px solid #e85c41;outline-offset:2px}
button{font:inherit;padding:8px 14px;border:1px solid #005f69;border-radius:6px;background:#007c89;color:#fff;
cursor:pointer}
button.secondary{background:#fff;color:#005f69}
input.field{font:inherit;padding:6px;width:6em}
input.field.wide{width:100%}
table{border-collapse:collapse;width:100%}
th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #ddd;vertical-align:top}
code,pre{font:13px/1.4 ui-monospace,SFMono-Regular,Menlo,monospace}
code{overflow-wrap:anywhere}
pre{white-space:pre-wrap;word-break:break-all;background:#fff;border:1px solid #ddd;padding:12px;border-radius:6px}
.muted{color:#595959}
.bad{color:#b00020}
`;

/** A page's <html lang dir>: English and no dir attribute (left to right) unless given. */
export interface PageRoot {
  /** A language tag, validated by the caller (escaped here all the same). */
  lang?: string;
  dir?: 'ltr' | 'rtl';
}

const htmlTag = (r: PageRoot): string => `<html lang="${esc(r.lang || 'en')}"${r.dir ? ` dir="${esc(r.dir)}"` : ''}>`;

/**
 * A whole HTML document whose style element carries `nonce` (the response's, see http/respond.ts sendPage; '' for
 * a page sent without a CSP); `css` is the page's own styles, added to BASE_CSS; with a description, its meta
 * description (pages open to search engines: /demo); `root` its <html lang dir> (the preview's stage). No data: icon
 * (a CSP without img-src data: refuses it; the provider answers /favicon.ico with 204).
 */
export const page = (
  title: string,
  body: string,
  nonce: string,
  css = '',
  description = '',
  root: PageRoot = {},
): string => `<!doctype html>
${htmlTag(root)}<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>${description ? `<meta name="description" content="${esc(description)}">` : ''}
<style${nonce ? ` nonce="${nonce}"` : ''}>${BASE_CSS}${css}</style></head>
<body>${body}</body></html>`;
