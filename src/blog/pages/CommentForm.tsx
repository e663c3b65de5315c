import type { CommentNode } from '../comments/thread';
import { HONEYPOT, LIMITS, type CommentErrors, type CommentInput } from '../comments/validate';

/** A form that failed validation: what was typed and what is wrong. */
export interface FormState {
  input: CommentInput;
  errors: CommentErrors;
}

type Key = 'author' | 'email' | 'url' | 'body';

/** One labelled field of the comment form, its error (or note) tied to it by aria-describedby. */
function CommentField({
  k,
  label,
  type,
  note,
  form,
}: {
  k: Key;
  label: string;
  type: 'text' | 'email' | 'url';
  note?: string;
  form: FormState | null;
}) {
  const value = form?.input[k] || '';
  const err = form?.errors[k];
  return (
    <p className={`comment-form-${k}`}>
      <label htmlFor={`comment-${k}`}>{label}</label>
      {k === 'body' ? (
        <textarea
          id={`comment-${k}`}
          name={k}
          rows={6}
          maxLength={LIMITS.body}
          aria-invalid={err ? 'true' : undefined}
          aria-describedby={err ? `comment-${k}-error` : undefined}
        >
          {value}
        </textarea>
      ) : (
        <input
          id={`comment-${k}`}
          name={k}
          type={type as 'text'} // preact types each input type separately; all three are text-like
          value={value}
          maxLength={LIMITS[k]}
          autoComplete={k === 'author' ? 'name' : k}
          aria-invalid={err ? 'true' : undefined}
          aria-describedby={err ? `comment-${k}-error` : note ? `comment-${k}-note` : undefined}
        />
      )}
      {err ? (
        <span className="field-error" id={`comment-${k}-error`}>
          {err}
        </span>
      ) : note ? (
        <span className="field-note" id={`comment-${k}-note`}>
          {note}
        </span>
      ) : null}
    </p>
  );
}

/** The form's title: a reply names whom it answers and offers to cancel. */
function ReplyTitle({ slug, replyTo }: { slug: string; replyTo: CommentNode | null }) {
  return (
    <h3 id="reply-title" className="comment-reply-title">
      {replyTo ? `Reply to ${replyTo.author}` : 'Leave a comment'}
      {replyTo ? (
        <>
          {' '}
          <a href={`/posts/${slug}#respond`} className="cancel-reply">
            Cancel reply
          </a>
        </>
      ) : null}
    </h3>
  );
}

/** The summary of a refused post at the top, each message a link to its field. */
function ErrorSummary({ form }: { form: FormState | null }) {
  const errors = form ? (Object.entries(form.errors) as [string, string][]) : [];
  return errors.length ? (
    <div className="form-errors" role="alert" id="comment-errors">
      <p>Your comment was not posted:</p>
      <ul>
        {errors.map(([k, m]) => (
          <li key={k}>
            <a href={k === 'parent' || k === 'form' ? '#respond' : `#comment-${k}`}>{m}</a>
          </li>
        ))}
      </ul>
    </div>
  ) : null;
}

/**
 * The comment form (issue 6): posted to the server, which validates it, stores it and redirects to the comment.
 * Messages are tied to their fields (aria-describedby) and summarised at the top with links to each field.
 * No browser validation attributes: the server's messages are the ones shown (with script off too).
 */
export function CommentForm({
  slug,
  replyTo,
  form,
}: {
  slug: string;
  replyTo: CommentNode | null;
  form: FormState | null;
}) {
  // A parent that does not exist is dropped, so the next post goes through as a comment of its own.
  const parent = replyTo ? String(replyTo.id) : (!form?.errors.parent && form?.input.parent) || '';
  return (
    <div id="respond" className="comment-respond">
      <ReplyTitle slug={slug} replyTo={replyTo} />
      <ErrorSummary form={form} />
      <form
        // #respond: a post that fails comes back scrolled to this form and its errors, not to the page's top.
        action={`/posts/${slug}/comments#respond`}
        method="post"
        className="comment-form"
        noValidate
        aria-labelledby="reply-title"
      >
        <CommentField k="author" label="Name" type="text" form={form} />
        <CommentField k="email" label="E-mail" type="email" note="Never published." form={form} />
        <CommentField k="url" label="Website (optional)" type="url" form={form} />
        <CommentField k="body" label="Comment" type="text" form={form} />
        {/* The honeypot (issue 13 item 6): off-screen (.hp), hidden from assistive technology, and inert, so no
            keyboard, pointer or script focus reaches it; a form-filling robot still fills it. */}
        <p className="hp" aria-hidden="true" inert>
          <label htmlFor={`comment-${HONEYPOT}`}>Leave this field empty</label>
          <input id={`comment-${HONEYPOT}`} name={HONEYPOT} type="text" value="" tabIndex={-1} autoComplete="off" />
        </p>
        <input type="hidden" name="parent" value={parent} />
        <p className="form-submit">
          <button type="submit">Post comment</button>
        </p>
      </form>
    </div>
  );
}
