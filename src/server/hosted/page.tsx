/**
 * The hosted subscribe page (issue 35 item 1): a form's whole signup form as one server-rendered document that works
 * without script, the success page a post redirects to, and the page of an unknown form. The body is rendered first,
 * so that the owner HTML's style rules (owner-html.ts Sheet) are known when the head's style element is written.
 */
import { renderToString } from 'react-dom/server';
import { inputsOf } from '../../form-model/field-inputs';
import type { Field } from '../../form-model/fields';
import { ACK_NAME, screenOrder } from '../../form-model/wire';
import { decode as decodeEntities } from '../../popup/html/decode';
import type { FormRow } from '../db/forms';
import { esc } from '../pages/html';
import { Gdpr, type Shown, SmsPart } from './blocks';
import { componentOf, type FieldContext, Owner } from './fields';
import { lookVars, PAGE_CSS } from './look';
import { ownerHtml, Sheet } from './owner-html';
import { type HostedSettings, hostedSettings } from './settings';
import { type Texts, textsOf } from './texts';
import { DEFAULT_BUTTON_LABEL } from '../../constants';
import { GDPR_LEGEND, HONEYPOT_LABEL, HOSTED } from '../../form-model/texts';

/** Where the hosted page of a form is, and where it posts: its own ids, never anything a request said. */
export const formQuery = (form: FormRow): string =>
  new URLSearchParams({ u: form.uuid, id: form.listId, f_id: form.fId }).toString();

/** The page's title and heading: the button's 'Subscribe' (spec 9.4), one text to translate. */
const TITLE = DEFAULT_BUTTON_LABEL;

/** The longest meta description written (search engines show about this much). */
const META_MAX = 160;

/** A tag of an element that sits inside a line of text. */
const INLINE_TAG = /<\/?(?:a|abbr|b|code|em|i|s|small|span|strong|sub|sup|u)\b[^>]*>/gi;

/** The plain text of owner HTML, for the meta description. */
const plain = (html: string): string => {
  const t = [
    // Inline elements join their neighbours ("<b>offers</b>." reads "offers."); any other tag parts words.
    ...decodeEntities(html.replace(INLINE_TAG, '').replace(/<[^>]*>/g, ' '))
      .replace(/\s+/g, ' ')
      .trim(),
  ];
  return t.length > META_MAX ? `${t.slice(0, META_MAX - 1).join('')}…` : t.join('');
};

/** What a document is written with. */
interface DocumentParts {
  s: HostedSettings;
  nonce: string;
  title: string;
  meta: string;
  main: string;
  sheet: Sheet;
}

/** A whole document: the body's HTML in `main`, the page's rules, the owner's look and the owner HTML's rules. */
const documentOf = (o: DocumentParts) =>
  `<!doctype html>
<html lang="${esc(o.s.lang || 'en')}"${o.s.dir ? ` dir="${o.s.dir}"` : ''}><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(o.title)}</title><meta name="description" content="${esc(o.meta)}">
<style nonce="${o.nonce}">${lookVars(o.s.look)}${PAGE_CSS}${o.sheet.css()}</style></head>
<body><main>${o.main}</main></body></html>`;

/** A summary line: the input it links to, what it is about, its message. */
interface Problem {
  href: string;
  label: string;
  msg: string;
}

/** The problems of a refused post in page order: each field's error, the acknowledgement's, the GDPR block's. */
const problemsOf = (row: FormRow, s: HostedSettings, shown: Shown, texts: Texts): Problem[] => {
  const pl = row.model.placement;
  const first = (f: Field) => `#${(screenOrder(f)[0] || inputsOf(f)[0]).id}`;
  const out: Problem[] = [];
  for (const f of [...pl.main, ...pl.gdpr]) {
    const msg = shown.errors[f.mergeId];
    if (msg) out.push({ href: first(f), label: f.label, msg });
  }
  if (shown.gdprMsg && pl.gdpr[0])
    out.push({ href: first(pl.gdpr[0]), label: s.gdprLabel || texts(GDPR_LEGEND), msg: shown.gdprMsg });
  if (pl.sms && shown.ackErr) out.push({ href: `#${ACK_NAME}`, label: pl.sms.label, msg: shown.ackErr });
  else if (pl.sms && shown.errors[pl.sms.mergeId])
    out.push({ href: first(pl.sms), label: pl.sms.label, msg: shown.errors[pl.sms.mergeId] });
  return out;
};

/**
 * The error summary at the top of a refused post's page (WCAG 3.3.1): an alert, focused on load (no script needed),
 * its message, then a link to each field in error.
 */
const Summary = ({ msg, problems, cx }: { msg: string; problems: Problem[]; cx: FieldContext }) => (
  // biome-ignore lint/a11y/noAutofocus: the page answers the visitor's own submit; focus on its errors is expected
  <div className="mc-summary" role="alert" tabIndex={-1} autoFocus aria-labelledby="mc-summary-title">
    <Owner as="h2" id="mc-summary-title" html={cx.html(msg)} />
    {problems.length > 0 && (
      <ul>
        {problems.map((p) => (
          <li key={p.href}>
            <a href={p.href}>
              {p.label}: {p.msg}
            </a>
          </li>
        ))}
      </ul>
    )}
  </div>
);

/** What the form page shows: the post's values and errors (none on a GET), its refusal's message ('' none). */
export interface FormState {
  shown: Shown;
  msg: string;
}

/** An empty form. */
export const EMPTY: FormState = { shown: { values: {}, errors: {}, gdprMsg: '', ack: false, ackErr: '' }, msg: '' };

/** The form's body: heading, the summary of a refused post, the description, the form, the footer. */
const FormBody = ({ row, s, st, cx }: { row: FormRow; s: HostedSettings; st: FormState; cx: FieldContext }) => {
  const pl = row.model.placement;
  const { shown } = st;
  const fields = pl.main;
  const required = [...fields, ...pl.gdpr].some((f) => f.required) || !!pl.sms?.required;
  return (
    <>
      <h1>{cx.texts(TITLE)}</h1>
      {st.msg && <Summary msg={st.msg} problems={problemsOf(row, s, shown, cx.texts)} cx={cx} />}
      {/* Decorative, as in the popup (src/popup/Modal.tsx): no text of its own. */}
      {s.image && <img className="mc-image" src={s.image} alt="" />}
      <Owner className="mc-description" html={cx.html(s.description)} />
      {required && <p className="mc-note">{cx.texts(HOSTED.requiredNote)}</p>}
      <form method="post" action={`/subscribe/post?${formQuery(row)}`} noValidate acceptCharset="UTF-8">
        {fields.map((f) => {
          const C = componentOf(f);
          return <C key={f.name} f={f} v={shown.values[f.name] || {}} err={shown.errors[f.mergeId] || ''} cx={cx} />;
        })}
        {pl.gdprOn && <Gdpr pl={pl} s={s} shown={shown} cx={cx} />}
        {pl.sms && <SmsPart pl={pl} shown={shown} cx={cx} />}
        {/* The honeypot (spec 3.5): off-screen, out of the tab order, hidden from screen readers; never refilled. */}
        <div className="mc-hp" aria-hidden="true">
          <input
            type="text"
            name={`b_${row.uuid}_${row.listId}`}
            tabIndex={-1}
            autoComplete="off"
            aria-label={cx.texts(HONEYPOT_LABEL)}
          />
        </div>
        <button type="submit">{s.buttonLabel || cx.texts(DEFAULT_BUTTON_LABEL)}</button>
      </form>
      <Owner className="mc-footer" html={cx.html(s.footer)} />
    </>
  );
};

/** What a page of a form is rendered with. */
const contextOf = (row: FormRow) => {
  const sheet = new Sheet();
  const texts = textsOf(row.model.translations);
  const cx: FieldContext = { texts, html: (h) => (h ? ownerHtml(h, sheet) : '') };
  return { sheet, texts, cx, s: hostedSettings(row.settings) };
};

/** The hosted form page of `row` for a response's `nonce`: empty, or a refused post's with its values and errors. */
export const formPage = (row: FormRow, st: FormState, nonce: string): string => {
  const { sheet, texts, cx, s } = contextOf(row);
  const main = renderToString(<FormBody row={row} s={s} st={st} cx={cx} />);
  const title = st.msg ? `${texts(HOSTED.error)}: ${texts(TITLE)}` : texts(TITLE);
  const meta = plain(s.description) || texts(HOSTED.metaDescription);
  return documentOf({ s, nonce, title, meta, main, sheet });
};

/** The page a successful post redirects to: the form's success message (double opt-in: check the inbox). */
export const thanksPage = (row: FormRow, msg: string, nonce: string): string => {
  const { sheet, texts, cx, s } = contextOf(row);
  const title = texts(row.model.doubleOptIn ? HOSTED.checkInbox : HOSTED.thanks);
  const main = renderToString(
    <>
      <h1>{title}</h1>
      <div role="status">
        <Owner className="mc-thanks" html={cx.html(msg)} />
      </div>
      <p>
        <a href={`/subscribe?${formQuery(row)}`}>{texts(HOSTED.back)}</a>
      </p>
    </>,
  );
  return documentOf({ s, nonce, title, meta: plain(msg) || title, main, sheet });
};

/** The page of a form that does not exist (an unknown u, id or f_id), in English: there are no settings to read. */
export const missingPage = (nonce: string, why: string): string =>
  documentOf({
    s: hostedSettings({}),
    nonce,
    title: 'Signup form not found',
    meta: 'This signup form does not exist.',
    main: `<h1>Signup form not found</h1><p>${esc(why)}</p>`,
    sheet: new Sheet(),
  });
