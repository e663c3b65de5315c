/**
 * The provider's own answer texts: spec 8 leaves server-side texts open ("other texts are not shown"), so these are
 * ours. Field messages come from the form's translations (src/form-model/rules.ts: `message` for the rules the popup
 * runs too, `storeMessage` for the store's own limits).
 */

/** Flash message of a submit with invalid fields (spec 8 step 2). */
export const MSG_FIX_FIELDS = 'Please fix the highlighted fields and try again.';
/** Message of a gdpr_error answer (spec 3.6, 8 step 3). */
export const MSG_GDPR = 'Please select at least one way you would like to hear from us.';
/** A select, dropdown or radio value that is not one of the choices. */
export const MSG_NOT_A_CHOICE = 'Please choose one of the options.';
/** form-post-json on a form that needs the human check of the captcha path (spec 4.5 step 2). */
export const MSG_CAPTCHA = 'Please complete the human check to subscribe.';
/** A request the provider cannot read (a repeated parameter, no such form). */
export const MSG_BAD_REQUEST = 'This form could not be submitted. Please reload the page and try again.';
/** form-post-json over the per-client limit (issue 8): many submits from one network in a minute. */
export const MSG_RATE_CLIENT = 'Too many signup attempts from your network. Please wait a minute and try again.';
/** form-post-json over the per-address limit (issue 8): the same address submitted many times in an hour. */
export const MSG_RATE_ADDRESS = 'Too many signup attempts for this address. Please try again in an hour.';
