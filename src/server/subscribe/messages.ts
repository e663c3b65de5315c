/**
 * The provider's own answer texts that no form's translations reach: spec 8 leaves server-side texts open ("other
 * texts are not shown"), so these are ours, in English. They answer before a form is known (a request it cannot read)
 * or per network or address (the rate limits). Every text of a known form's answer comes from its translations
 * (src/form-model/rules.ts: `message` for the rules the popup runs too, `storeMessage` for the store's own checks:
 * its limits, a choice, the flash of a refusal, GDPR consent, the captcha path).
 */

/** A request the provider cannot read (a repeated parameter, no such form). */
export const MSG_BAD_REQUEST = 'This form could not be submitted. Please reload the page and try again.';
/**
 * form-post-json over the per-client limit (docs/decisions/rate-limits.md): many submits from one network in a minute.
 */
export const MSG_RATE_CLIENT = 'Too many signup attempts from your network. Please wait a minute and try again.';
/**
 * form-post-json over the per-address limit (docs/decisions/rate-limits.md): the same address submitted many times in
 * an hour.
 */
export const MSG_RATE_ADDRESS = 'Too many signup attempts for this address. Please try again in an hour.';
