/** The seeded demo forms (src/server/seed/forms.ts) as a visitor sees them: readable buttons (WCAG 1.4.3). */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEMO_FORMS } from '../../src/server/seed/forms';

/** Relative luminance of a #rrggbb colour (WCAG 2). */
const luminance = (hex: string): number => {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: string, b: string): number => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

test('contrast: the WCAG formula on known pairs', () => {
  assert.is(contrast('#000000', '#ffffff').toFixed(1), '21.0');
  assert.is(contrast('#ffffff', '#ffffff').toFixed(1), '1.0');
  assert.is(contrast('#e85c41', '#ffffff').toFixed(2), '3.48');
});

test('every seeded form: button and banner call-to-action text at 4.5:1 or more on their colour, also hovered', () => {
  for (const f of DEMO_FORMS) {
    const styles = (f.settings.styles || {}) as Record<string, Record<string, string>>;
    for (const key of ['button', 'bannerCta']) {
      const b = styles[key];
      if (!b) continue;
      for (const bg of [b.color, b.hover_color].filter(Boolean))
        assert.ok(contrast(b.text_color, bg) >= 4.5, `${f.key} ${key}: ${b.text_color} on ${bg}`);
    }
  }
});

test.run();
