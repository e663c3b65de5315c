/**
 * The hosted page's look (issue 35 item 1, src/server/hosted/look.ts): its font stacks are the popup's
 * (src/popup/css/fonts.css), so a form's fonts read the same on the page as in its popup; its :root rule carries only
 * what the settings give, each a value the popup's readers let through.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { FONT_KEYS } from '../../src/form-model/style';
import { FONT_STACKS, lookVars } from '../../src/server/hosted/look';
import { hostedSettings } from '../../src/server/hosted/settings';

test("every font key's stack is the popup's, and only helvetica (the default) is left out", () => {
  const css = readFileSync('src/popup/css/fonts.css', 'utf8');
  const popup = Object.fromEntries([...css.matchAll(/--mc-f-(\w+):\s*([^;]+);/g)].map((m) => [m[1], m[2].trim()]));
  assert.equal(FONT_STACKS, popup);
  assert.equal(
    [...FONT_KEYS].filter((k) => !(k in FONT_STACKS)),
    ['helvetica'],
  );
});

test(':root holds what the settings give, the stacks of the fonts they name, and nothing a colour rule refuses', () => {
  const s = hostedSettings({
    styles: {
      backgroundColor: '#fafafa',
      paragraphColor: 'red;background:url(/x)',
      headingFont: 'georgia',
      labels: { font: 'no-such-font' },
      button: { color: '#007c89', style: 'full' },
      baseFontSize: 400,
    },
  });
  const css = lookVars(s.look);
  assert.match(css, /--mc-bg:#fafafa/);
  assert.match(css, /--mc-heading-font:var\(--mc-f-georgia\);/);
  assert.match(css, /--mc-f-georgia:Georgia, serif/);
  assert.match(css, /--mc-btn-bg:#007c89/);
  assert.match(css, /--mc-btn-width:100%/);
  assert.match(css, /--mc-base-size:48px/);
  assert.not.match(css, /url|--mc-p-color|--mc-label-font|--mc-f-arial/);
  assert.is(lookVars(hostedSettings({}).look), ':root{--mc-btn-align:center;--mc-btn-width:auto}');
});

test.run();
