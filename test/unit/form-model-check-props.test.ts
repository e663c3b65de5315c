/**
 * The checks against the readers (issue 33 item 3): whatever settings `checkSettings` accepts, the form model
 * (readForm) and the popup's normaliser (normalize) read without dropping or changing anything the owner set; and
 * neither the checks nor the accessibility warnings throw on any JSON.
 */
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { DEFAULT_DELAY_MS } from '../../src/loader/constants';
import { POWERED_BY_TEXT, POWERED_BY_URL } from '../../src/constants';
import { accessibilityWarnings } from '../../src/form-model/a11y';
import { checkSettings } from '../../src/form-model/check';
import { at, COLOUR_PATHS, FONT_PATHS } from '../../src/form-model/check-style';
import { readForm } from '../../src/form-model/form';
import { str, yes } from '../../src/form-model/raw';
import { parseTrigger } from '../../src/loader/triggers';
import { normalize, type Settings } from '../../src/popup/settings';
import { hostileSettings, ownerSettings } from './form-model-check-arb';

/**
 * The settings as the provider sends them: a path image or rewards link becomes one on its host
 * (src/form-model/visitor.ts forVisitor).
 */
const served = (s: Record<string, unknown>): Record<string, unknown> => {
  const out = { ...s };
  for (const k of ['imageUrl', 'rewardsUrl'])
    if (typeof out[k] === 'string' && /^\/(?!\/)/.test(out[k] as string)) out[k] = `//provider.test${out[k]}`;
  return out;
};

/** The normalised style value of a colour path (spec 3.3). */
const colourOf = (s: Settings, path: string): string => {
  const st = s.styles;
  const map: Record<string, string> = {
    'modal.close_link_color': st.closeColor,
    'button.color': st.button.color,
    'button.hover_color': st.button.hover,
    'button.text_color': st.button.text,
    'bannerCta.color': st.bannerCta.color,
    'bannerCta.hover_color': st.bannerCta.hover,
    'bannerCta.text_color': st.bannerCta.text,
    'labels.color': st.labelColor,
    headingColor: st.headingColor,
    paragraphColor: st.paragraphColor,
    backgroundColor: st.backgroundColor,
  };
  return map[path];
};
const fontOf = (s: Settings, path: string): string =>
  ({ 'labels.font': s.styles.labelFont, headingFont: s.styles.headingFont, paragraphFont: s.styles.paragraphFont })[
    path
  ]!;

/** Everything the owner set that the readers must keep, each a failure message or ''. */
const kept = (raw: Record<string, unknown>): string[] => {
  const s = normalize(served(raw));
  const m = readForm(raw);
  const list = raw.fields as Record<string, unknown>[];
  const st = raw.styles;
  const out: string[] = [];
  const want = (ok: boolean, what: string) => ok || out.push(what);
  want(m.fields.length === list.length, 'a field dropped');
  list.forEach((f, i) => {
    const got = m.fields[i];
    if (!got) return;
    want(got.name === str(f.name), `field ${i} name`);
    want(got.label === (str(f.label) || got.name), `field ${i} label`);
    // Choices only a select, dropdown, radio or checkbox group shows.
    if (/^(select|radio|each)$/.test(got.row.posts || ''))
      want(got.choices.length === (Array.isArray(f.choices) ? f.choices.length : 0), `field ${i} choices`);
    want(got.dayFirst === /^DD/i.test(str(f.dateformat)), `field ${i} dateformat`);
  });
  for (const p of COLOUR_PATHS) if (str(at(st, p))) want(colourOf(s, p) === str(at(st, p)), `colour ${p}`);
  for (const p of FONT_PATHS) {
    const key = str(at(st, p)).toLowerCase();
    if (key) want(fontOf(s, p) === (key === 'helvetica' ? '' : `var(--mc-f-${key})`), `font ${p}`);
  }
  if (raw.template != null) want(m.template === +str(raw.template), 'template');
  if (raw.modalVariation != null) want(m.variation === raw.modalVariation, 'variation');
  const d = raw.popupDelay;
  if (d != null) want(parseTrigger(d) === (typeof d === 'string' && /^[a-z]/.test(d) ? d : +str(d) * 1000), 'delay');
  if (d != null && +str(d) * 1000 !== DEFAULT_DELAY_MS) want(parseTrigger(d) !== DEFAULT_DELAY_MS, 'delay default');
  if (raw.popupFrequency != null) want(s.frequencyDays === +str(raw.popupFrequency), 'frequency');
  if (raw.popupOpacity != null) want(s.opacity === +str(raw.popupOpacity) / 100, 'opacity');
  if (raw.confirmationDuration != null) want(s.confirmationS === +str(raw.confirmationDuration), 'confirmation');
  for (const k of ['buttonLabel', 'closeLabel', 'bannerCtaLabel', 'continueLabel'] as const)
    if (str(raw[k])) want(s[k] === str(raw[k]), k);
  // The fixed bar shows no image (src/popup/settings.ts), so it fetches none.
  if (str(raw.imageUrl)) want(!!s.imageUrl === (s.variation !== 'fixed'), 'image');
  if (yes(raw.useRewards)) want(s.rewards, 'rewards');
  if (yes(raw.hasGdprEnabled)) want(m.placement.gdprOn && m.placement.gdpr.length > 0, 'gdpr block');
  const pb = raw.poweredBy;
  const badge = pb == null ? { text: POWERED_BY_TEXT, url: POWERED_BY_URL } : pb === false ? null : pb;
  want(JSON.stringify(s.poweredBy) === JSON.stringify(badge), 'powered-by badge');
  want(m.placement.main.length > 0 || !!m.placement.sms, 'someone to subscribe');
  return out;
};

test('whatever checkSettings accepts, readForm and normalize read without dropping what the owner set', () => {
  let accepted = 0;
  let refused = 0;
  fc.assert(
    fc.property(ownerSettings(), (raw) => {
      if (checkSettings(raw).length) return void refused++;
      accepted++;
      assert.equal(kept(raw), [], JSON.stringify(raw));
    }),
    { numRuns: 1000 },
  );
  // Both sides of the rule are exercised: a generator that made only refused settings would prove nothing.
  assert.ok(accepted >= 100, `only ${accepted} of 1000 settings accepted`);
  assert.ok(refused >= 100, `only ${refused} of 1000 settings refused`);
});

test('checkSettings and accessibilityWarnings never throw, and answer lists of path and message', () => {
  fc.assert(
    fc.property(hostileSettings(), (raw) => {
      for (const list of [checkSettings(raw), accessibilityWarnings(raw)])
        for (const p of list) assert.ok(typeof p.path === 'string' && typeof p.message === 'string' && p.message);
    }),
    { numRuns: 500 },
  );
});

test.run();
