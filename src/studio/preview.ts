/**
 * What the stage's popup is given (docs/decisions/preview-and-stage.md: the real popup.js in preview mode, spec 6): the
 * loader parameters of a preview, and the draft's settings as a visitor's form-settings call would answer them (the
 * provider's `forVisitor`: image addresses on this provider, its appDomain, its badge), with the preview's view
 * applied. Pure.
 */
import { isLanguageTag } from '../form-model/language';
import { forVisitor, type PoweredBy } from '../form-model/visitor';
import type { LoaderParams, RawSettings } from '../types';

/** How the stage shows the form: a desktop page, a phone showing the form, or a phone showing the mobile banner. */
export type View = 'desktop' | 'phone' | 'banner';

/** The powered-by badge of this provider (STUDIO.md: the settings answer's `poweredBy`), as the studio data has it. */
export type Badge = PoweredBy;

/** The account, list and form a preview mounts. */
interface PreviewForm {
  uuid: string;
  lid: string;
  fId: string;
}

/** The loader parameters of a preview on this provider at `origin` (spec 3.1 isPreview: no server calls). */
export const previewParams = (f: PreviewForm, origin: string): LoaderParams => ({
  baseUrl: new URL(origin).host,
  uuid: f.uuid,
  lid: f.lid,
  fId: f.fId,
  dev: false,
  uniqueMethods: false,
  ignoreCookie: true,
  isPreview: true,
  cdn: origin + '/',
});

/**
 * The settings the stage mounts: `settings` as the provider answers a visitor (the form model's `forVisitor`, which
 * the provider's form-settings call uses too) and the view's banner: a phone view shows the form itself, the banner
 * view the mobile banner first, whatever the setting.
 */
export const stageSettings = (settings: RawSettings, host: string, badge: Badge | undefined, view: View) => {
  const out = forVisitor(settings, host, badge);
  if (view !== 'desktop') out.useMobileBanner = view === 'banner' ? 'Y' : 'N';
  return out;
};

/** A language tag as the stage's <html lang> takes it: the server's own check of the stage's query. */
export const isLangTag = isLanguageTag;

/** The popup version the settings ask for, as the stage's `v` takes it: dotted digits, default '1.0'. */
export const stageVersion = (settings: RawSettings): string =>
  /^\d+(\.\d+)*$/.test(String(settings.version ?? '')) ? String(settings.version) : '1.0';

/** The stage's address for a popup version, page language and direction (STUDIO.md `/studio/stage?v=&lang=&dir=`). */
export const stageUrl = (stage: string, v: string, lang: string, dir: 'ltr' | 'rtl'): string =>
  `${stage}?${new URLSearchParams({ v, lang, dir })}`;

/**
 * What an sms: link of the popup would have done on a visitor's phone (spec 4.4 text-to-join), said instead of done:
 * the preview sends nothing (spec 6). `name` is the link's own words.
 */
export const smsNote = (href: string, name: string): string | null => {
  if (!/^sms:/i.test(href)) return null;
  const [to, query] = href.slice(4).split('?');
  const body = new URLSearchParams(query || '').get('body');
  let number = to;
  try {
    number = decodeURIComponent(to);
  } catch {
    // A malformed escape: the number as written.
  }
  return (
    `${name || 'This text link'}: on a visitor's phone this opens their messaging app with a text to ` +
    `${number || '(no number)'}${body ? ` saying ${body}` : ''}. The preview sends nothing.`
  );
};
