/** The seeded demo forms (src/server/seed/forms.ts) as a visitor sees them: readable buttons (WCAG 1.4.3). */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { contrastRatio } from '../../src/form-model/contrast';
import { DEMO_FORMS } from '../../src/server/seed/forms';

test('every seeded form: button and banner call-to-action text at 4.5:1 or more on their colour, also hovered', () => {
  for (const f of DEMO_FORMS) {
    const styles = (f.settings.styles || {}) as Record<string, Record<string, string>>;
    for (const key of ['button', 'bannerCta']) {
      const b = styles[key];
      if (!b) continue;
      for (const bg of [b.color, b.hover_color].filter(Boolean))
        assert.ok((contrastRatio(b.text_color, bg) ?? 0) >= 4.5, `${f.key} ${key}: ${b.text_color} on ${bg}`);
    }
  }
});

test.run();
