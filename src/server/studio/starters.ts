/**
 * The starting forms of "New form" (issue 33 item 1): a modal, a slide-in or a fixed bar, built on the settings the
 * demo forms share (src/server/seed/forms.ts `base`), with a shop-neutral text the owner rewrites. Each asks for the
 * e-mail address (and the modal and slide-in a first name), opens as its demo counterpart does, and passes the form
 * model's checks as it is.
 */
import { EMAIL, FNAME } from '../seed/fields';
import { base, IMAGE } from '../seed/forms';

/** The variations a new form can start from. */
export const STARTS = ['modal', 'slide', 'fixed'] as const;
export type Start = (typeof STARTS)[number];

/** Whether `v` names a starting form. */
export const isStart = (v: unknown): v is Start => typeof v === 'string' && (STARTS as readonly string[]).includes(v);

const DESCRIPTION = '<h2>Join our newsletter</h2><p>News, offers and what is new, straight to your inbox.</p>';
const BANNER = '<p><strong>Join our newsletter</strong> for news and offers.</p>';

/**
 * The labels and success messages a new form leaves empty: the built-in texts say them (src/form-model/texts.ts), in
 * the form's language once the owner translates them in the studio, where a label written here would win.
 */
const BUILT_IN = [
  'closeLabel',
  'buttonLabel',
  'continueLabel',
  'bannerCtaLabel',
  'successMsg',
  'doubleOptInSuccessMessage',
];

/** The settings of a new form starting from `start`; a new object each time. */
export const starterSettings = (start: Start): Record<string, unknown> => {
  const settings = demoLike(start);
  for (const k of BUILT_IN) delete settings[k];
  return settings;
};

/** A new form's settings as the demo forms have them. */
const demoLike = (start: Start): Record<string, unknown> => {
  const texts = { description: DESCRIPTION, bannerDescription: BANNER };
  switch (start) {
    case 'modal':
      return base([EMAIL, FNAME], { ...texts, template: 2, imageUrl: IMAGE });
    case 'slide':
      return base([EMAIL, FNAME], {
        ...texts,
        modalVariation: 'slide',
        template: 2,
        popupDelay: 'middle',
        imageUrl: IMAGE,
        useMobileBanner: 'N',
      });
    case 'fixed':
      return base([EMAIL], {
        ...texts,
        modalVariation: 'fixed',
        template: 1,
        useMobileBanner: 'N',
        description: '<p>Join our newsletter for <strong>news and offers</strong>, straight to your inbox.</p>',
      });
  }
};
