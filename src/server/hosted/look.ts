/**
 * The hosted page's style (issue 35 item 1): one nonce'd style element, no style attribute (a strict CSP holds). The
 * owner's style settings (spec 3.3, read in settings.ts) are custom properties on :root with the popup's names and
 * defaults (src/popup/theme.ts, src/popup/css/common.css), so the page looks like the form's popup; the owner HTML's
 * own declarations follow as rules (owner-html.ts Sheet).
 */
import { FONT_KEYS } from '../../form-model/style';
import type { Look } from './settings';

/**
 * The stacks of the font keys but helvetica (the default, written out at each use below), as src/popup/css/fonts.css
 * defines them for the popup's frames (test/unit/hosted-look.test.ts holds the two together).
 */
export const FONT_STACKS: Record<string, string> = {
  arial: 'Arial, Helvetica, sans-serif',
  comic_sans: '"Comic Sans MS", cursive',
  courier_new: '"Courier New", Courier, monospace',
  georgia: 'Georgia, serif',
  lucida: '"Lucida Sans Unicode", "Lucida Grande", sans-serif',
  tahoma: 'Tahoma, Geneva, sans-serif',
  times_new_roman: '"Times New Roman", Times, serif',
  trebuchet_ms: '"Trebuchet MS", sans-serif',
  verdana: 'Verdana, Geneva, sans-serif',
};

const DEFAULT_FONT = '"Helvetica Neue", Helvetica, Arial, sans-serif';

/** The largest base font size applied: anything larger is no base size for a form (the popup's frames cap nothing). */
const MAX_BASE_PX = 48;

/** The :root rule of a form's look: only what the settings give, and the stacks of the fonts they name. */
export const lookVars = (l: Look): string => {
  const b = l.button;
  const given: [string, string][] = [
    ['--mc-bg', l.background],
    ['--mc-p-color', l.paragraphColor],
    ['--mc-p-font', l.paragraphFont],
    ['--mc-heading-color', l.headingColor],
    ['--mc-heading-font', l.headingFont],
    ['--mc-label-color', l.labelColor],
    ['--mc-label-font', l.labelFont],
    ['--mc-btn-bg', b.color],
    ['--mc-btn-hover', b.hover],
    ['--mc-btn-text', b.text],
    ['--mc-btn-align', b.align],
    ['--mc-btn-width', b.full ? '100%' : 'auto'],
    ['--mc-base-size', l.baseFontSize > 0 ? `${Math.min(l.baseFontSize, MAX_BASE_PX)}px` : ''],
  ];
  const used = new Set([l.paragraphFont, l.headingFont, l.labelFont]);
  for (const key of FONT_KEYS)
    if (FONT_STACKS[key] && used.has(`var(--mc-f-${key})`)) given.push([`--mc-f-${key}`, FONT_STACKS[key]]);
  return `:root{${given
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}:${v}`)
    .join(';')}}`;
};

/**
 * The page's own rules. Sizes in rem and em, so text zooms and reflows at 320 px (WCAG 1.4.4, 1.4.10); controls at
 * least 44 px tall, checkboxes and radios 24 px as in the popup (2.5.8); a visible focus outline (2.4.7); the error
 * colour and the link colours at 4.5:1 on white and on the owner's background as its accessibility check asks
 * (src/form-model/a11y.ts). The form's image has a fixed height, so nothing moves when it loads (Lighthouse's layout
 * shift).
 */
export const PAGE_CSS = `
*,::before,::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;background:var(--mc-bg,#fff);color:var(--mc-p-color,#222);font-size:var(--mc-base-size,1rem);
line-height:1.5;font-family:var(--mc-p-font,${DEFAULT_FONT});overflow-wrap:anywhere}
main{max-width:36rem;margin:0 auto;padding:1.5rem 1rem 3rem}
h1,h2,h3,h4{margin:0 0 .5em;color:var(--mc-heading-color,#111);font-family:var(--mc-heading-font,${DEFAULT_FONT});
line-height:1.2}
h1{font-size:1.75em}
p{margin:0 0 .75em}
a{color:inherit}
img{max-width:100%;height:auto}
.mc-image{display:block;width:100%;height:10rem;margin:0 0 1em;object-fit:cover;border-radius:4px}
:focus-visible{outline:3px solid #1a73e8;outline-offset:2px}
.mc-note{font-size:.875em}
.mc-summary{margin:0 0 1.5em;padding:1em;border:3px solid #b00000;border-radius:4px;background:#fff;color:#b00000}
.mc-summary h2{color:#b00000;font-size:1.125em}
.mc-summary ul{margin:0;padding-inline-start:1.25em}
.mc-summary li{margin:.25em 0}
.mc-summary a{display:inline-block;min-height:24px;vertical-align:top;color:#b00000;font-weight:600}
form{margin:1em 0;text-align:var(--mc-btn-align,center)}
form>*:not(button){text-align:start}
.mc-field{margin:0 0 .5em}
label,legend{display:block;margin:0 0 .25em;padding:0;color:var(--mc-label-color,#222);
font-family:var(--mc-label-font,${DEFAULT_FONT});font-weight:600}
fieldset{margin:0 0 1em;padding:0;border:0;min-width:0}
input:not([type=checkbox]):not([type=radio]),select{display:block;width:100%;min-height:44px;margin:0 0 .25em;
padding:.5em .75em;border:1px solid #767676;border-radius:4px;background:#fff;color:#111;font:inherit}
[aria-invalid=true]:not(#_){border-color:#c00;border-width:2px}
.mc-error{margin:0 0 .5em;color:#b00000;font-size:.875em;font-weight:600}
.mc-help{margin:0 0 .5em;font-size:.875em}
.mc-choice{display:flex;flex-wrap:wrap;align-items:center;min-height:44px}
.mc-choice label{display:inline;flex:1;margin:0;font-weight:400}
input[type=checkbox],input[type=radio]{flex:none;width:24px;height:24px;margin:0;margin-inline-end:.5em}
.mc-parts{display:flex;flex-wrap:wrap;gap:0 .75em}
.mc-parts>div{flex:1 1 5em}
.mc-gdpr{margin:1em 0}
.mc-gdpr-info svg{vertical-align:-2px;margin-inline-end:.25em}
.mc-gdpr-info a{display:inline-block;padding:.5em 0}
.mc-off{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);clip-path:inset(50%);
white-space:nowrap}
.mc-hp{position:absolute;top:-5000px}
button{display:inline-block;width:var(--mc-btn-width,auto);min-height:44px;margin:.5em 0;padding:.6em 1.5em;
border:1px solid #0000;border-radius:4px;background:var(--mc-btn-bg,#111);color:var(--mc-btn-text,#fff);
font:inherit;font-weight:600;cursor:pointer}
button:hover{background:var(--mc-btn-hover,#333)}
.mc-thanks{font-size:1.125em}
@media (prefers-reduced-motion:reduce){*{animation:none!important;transition:none!important}}
`;
