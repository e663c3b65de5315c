/**
 * How the popup's stylesheets render what a reader must perceive, in Chromium with the shipped dist/: in a
 * forced-colors mode (Windows high contrast) the buttons and the dialog keep an edge; an invalid text input shows the
 * error border; a choice's long label sits beside its box on a phone; a field's empty error region stays rendered,
 * so its message, when it comes, is announced (WCAG 1.4.11, 1.4.1, 4.1.3).
 */
import * as assert from 'uvu/assert';
import { EMAIL_FIELD, MODAL, openHost, popupSuite, shown } from './popup-env';

const { T, ctx } = popupSuite('popup: look');

const AGE = { type: 'number', name: 'AGE', label: 'Age', helper_text: 'In years', merge_id: 1 };
const TOPICS = {
  type: 'checkbox',
  name: 'TOPICS',
  label: 'Topics',
  merge_id: 2,
  choices: [{ value: 'a', label: 'Recipes, new arrivals and members-only offers every Friday morning' }],
};

T('forced colors: the buttons and the dialog keep an edge the mode draws', async () => {
  for (const variation of ['modal', 'slide', 'fixed']) {
    const { page, context } = await openHost(
      ctx.browser,
      ctx.fx,
      { popupDelay: 0, modalVariation: variation },
      {
        before: (p) => p.emulateMedia({ forcedColors: 'active' }),
      },
    );
    try {
      const { frame } = await shown(page, MODAL);
      const edges = await frame.evaluate(() => {
        const b = getComputedStyle(document.querySelector('button[type=submit]')!);
        const d = getComputedStyle(document.querySelector('.mc-dialog')!);
        return [b.borderTopStyle, b.borderTopWidth, d.outlineStyle, d.outlineWidth];
      });
      assert.equal(edges, ['solid', '1px', 'solid', '1px'], variation);
    } finally {
      await context.close();
    }
  }
});

T('an invalid text input shows the error border; an empty error region before help text stays rendered', async () => {
  const { page, context } = await openHost(ctx.browser, ctx.fx, { popupDelay: 0, fields: [EMAIL_FIELD, AGE] });
  try {
    const { frame } = await shown(page, MODAL);
    const region = () => frame.$eval('.mc-field-number .mc-error', (e) => [getComputedStyle(e).display, e.textContent]);
    assert.equal(await region(), ['block', ''], 'rendered while empty: in the accessibility tree');
    await frame.fill('input[name=AGE]', 'x');
    await frame.press('input[name=AGE]', 'Enter');
    await frame.waitForSelector('input[name=EMAIL][aria-invalid=true]');
    const colors = await frame.$$eval('input[aria-invalid=true]', (els) =>
      els.map((e) => getComputedStyle(e).borderTopColor),
    );
    assert.equal(colors, ['rgb(204, 0, 0)', 'rgb(204, 0, 0)']);
    assert.equal(await region(), ['block', 'Please enter a valid number.']);
  } finally {
    await context.close();
  }
});

T("a choice's long label sits beside its box on a 320 px phone, wrapping there", async () => {
  const { page, context } = await openHost(
    ctx.browser,
    ctx.fx,
    { popupDelay: 0, fields: [EMAIL_FIELD, TOPICS] },
    { viewport: { width: 320, height: 640 } },
  );
  try {
    const { frame } = await shown(page, MODAL);
    const [box, label] = await frame.$eval('.mc-choice', (c) =>
      [c.querySelector('input')!, c.querySelector('label')!].map((e) => e.getBoundingClientRect().toJSON()),
    );
    assert.ok(label.left >= box.right, `label at ${label.left}, box ends at ${box.right}`);
    assert.ok(label.top < box.bottom, `label top ${label.top}, box bottom ${box.bottom}: the same row`);
  } finally {
    await context.close();
  }
});

T.run();
