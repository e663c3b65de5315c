/**
 * Whether a list is single or double opt-in, as the home page says it (issue 33 item 1): the provider stores a
 * signup pending or subscribed by the form's hasDoubleOptIn (spec 3.2), so a list is what its forms say. Pure.
 */

/** 'Double opt-in', 'Single opt-in', 'Mixed: …' or 'No forms' for the opt-in flags of a list's forms. */
export const optInText = (flags: readonly boolean[]): string => {
  const double = flags.filter(Boolean).length;
  if (!flags.length) return 'No forms';
  if (double === flags.length) return 'Double opt-in';
  if (!double) return 'Single opt-in';
  return `Mixed: ${double} of ${flags.length} forms double opt-in`;
};
