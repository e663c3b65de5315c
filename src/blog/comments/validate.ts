/**
 * Validation of a posted comment (issue 6: the server validates with clear messages and a honeypot).
 * Pure: the route reads the form body, this decides, the route stores or re-renders.
 */

/** Name of the honeypot input: hidden off-screen, people leave it empty, form-filling robots do not. */
export const HONEYPOT = 'website_url';

/** A comment as posted, every field a trimmed string. */
export interface CommentInput {
  author: string;
  email: string;
  url: string;
  body: string;
  parent: string;
}

/** Field → message, for each field that failed; `form` for what is no field's (too many comments). */
export type CommentErrors = Partial<Record<keyof CommentInput | 'form', string>>;

/** The outcome: a trap (silently dropped), errors to show, or a clean comment with its parent id (0 = top level). */
export type CommentCheck =
  | { kind: 'trap' }
  | { kind: 'invalid'; input: CommentInput; errors: CommentErrors }
  | { kind: 'ok'; input: CommentInput; parent: number };

/** Limits of each field, in characters. */
export const LIMITS = { author: 100, email: 254, url: 200, body: 5000 };

const EMAIL =
  /^[^\s@]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** The fields of a posted comment form, trimmed, without U+0000, line breaks as LF. */
export const commentInput = (form: URLSearchParams): CommentInput => {
  // Without U+0000, which PostgreSQL cannot store in text (docs/decisions/one-store.md): the comment reads the same on
  // either store. A textarea's maxlength counts a line break as one character and the browser posts it as CRLF: read as
  // LF, a comment the browser let through is never refused as too long (and every stored comment ends its lines alike).
  const get = (k: keyof CommentInput) => (form.get(k) || '').replaceAll('\0', '').replace(/\r\n?/g, '\n').trim();
  return { author: get('author'), email: get('email'), url: get('url'), body: get('body'), parent: get('parent') };
};

/** Reads and checks a posted comment form. */
export const checkComment = (form: URLSearchParams): CommentCheck => {
  if ((form.get(HONEYPOT) || '') !== '') return { kind: 'trap' };
  const input = commentInput(form);
  const errors: CommentErrors = {};
  if (!input.author) errors.author = 'Please enter your name.';
  else if (input.author.length > LIMITS.author) errors.author = `Your name can be at most ${LIMITS.author} characters.`;
  if (!input.email) errors.email = 'Please enter your e-mail address (it is not published).';
  else if (input.email.length > LIMITS.email || !EMAIL.test(input.email))
    errors.email = 'Please enter a valid e-mail address, like name@example.com.';
  if (input.url && (input.url.length > LIMITS.url || !/^https?:\/\/[^\s/?#]+\.[^\s]+$/i.test(input.url)))
    errors.url = 'Please enter a website address starting with http:// or https://, or leave it empty.';
  if (!input.body) errors.body = 'Please write a comment.';
  else if (input.body.length > LIMITS.body) errors.body = `Your comment can be at most ${LIMITS.body} characters.`;
  if (input.parent && !/^[1-9]\d{0,9}$/.test(input.parent))
    errors.parent = 'The comment you replied to does not exist.';
  if (Object.keys(errors).length) return { kind: 'invalid', input, errors };
  return { kind: 'ok', input, parent: input.parent ? Number(input.parent) : 0 };
};
