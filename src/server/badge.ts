/**
 * The popup's powered-by badge as this provider's operator sets it (docs/decisions/powered-by-badge.md). The spec's
 * badge "links to the provider's site": a self-hosted provider is not Mailchimp, so its settings answers say who it is,
 * `poweredBy: { text, url }`, or that the badge is off, `poweredBy: false` (the popup shows Mailchimp's own only when
 * the key is absent, as from a Mailchimp provider). Read once at start (site.ts badgeFromEnv): PROVIDER_BADGE=off turns
 * it off; PROVIDER_BADGE_TEXT (default "Powered by <public host>") and PROVIDER_BADGE_URL (default the public URL)
 * change it.
 */

/** The badge as startProvider takes it: false turns it off; each key left out takes its default. */
export type BadgeOptions = false | { text?: string; url?: string };

/** The badge every settings answer carries. */
export type Badge = false | { text: string; url: string };

/** The longest badge text taken: one short line under the form. */
export const BADGE_TEXT_MAX = 80;

/**
 * Checks badge options; throws an Error saying what is wrong, and the server does not start: a text that is blank,
 * too long or holds control characters, a URL that is not an absolute http(s) one (a javascript: link would run in
 * every visitor's popup) or that carries credentials.
 */
export const checkBadge = (o: BadgeOptions | undefined): BadgeOptions | undefined => {
  if (!o) return o;
  if (o.text !== undefined) {
    const t = o.text.trim();
    if (!t || t.length > BADGE_TEXT_MAX || /[\u0000-\u001f\u007f-\u009f]/.test(t))
      throw Error(`PROVIDER_BADGE_TEXT must be one line of 1 to ${BADGE_TEXT_MAX} characters.`);
  }
  if (o.url !== undefined) {
    let u: URL | null = null;
    try {
      u = new URL(o.url);
    } catch {
      // Said below.
    }
    if (!u || !/^https?:$/.test(u.protocol) || u.username || u.password)
      throw Error(`PROVIDER_BADGE_URL must be an http(s) URL without credentials, not ${JSON.stringify(o.url)}.`);
  }
  return o;
};

/**
 * The badge of checked options for a provider whose links start with `origin` (the public URL, else the listening
 * address): by default "Powered by <its host>", linking there.
 */
export const badgeFor = (o: BadgeOptions | undefined, origin: string): Badge => {
  if (o === false) return false;
  const home = new URL(origin);
  return {
    text: o?.text?.trim() || `Powered by ${home.host}`,
    url: o?.url ? new URL(o.url).href : home.href,
  };
};
