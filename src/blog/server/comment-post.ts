/**
 * The comment form's post, `/posts/<slug>/comments` (issue 6; docs/decisions/cross-site-posts.md): from the blog's own
 * page only, counted per client, then the honeypot and validation; stored, and the reader sent back to the comment. A
 * post that fails shows the post again with what was typed, its errors, and the reply it was (its "Reply to …" and
 * "Cancel reply").
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Content, Post } from '../content/site';
import type { Site } from '../../server/site';
import type { Store } from '../../server/store/types';
import { checkComment, type CommentErrors, type CommentInput, commentInput } from '../comments/validate';
import type { BlogDb } from './db';
import { type CommentLimits, commentWait, fromOwnPage, waitText } from './guard';
import { readBody } from '../../server/http/body';
import { sendText } from '../../server/http/respond';
import { type PageAt, postPage } from './render';

/** Largest comment form accepted, in bytes. */
const MAX_FORM = 64 * 1024;

/** What a comment post is judged and answered with. */
export interface CommentPost {
  store: Store;
  data: BlogDb;
  content: Content;
  post: Post;
  at: PageAt;
  /** The blog's own origin (place.ts), the only one its comments are posted from. */
  own: Pick<Site, 'origin' | 'hostFor'>;
  /** The client's key for the limits. */
  client: string;
  limits: CommentLimits | undefined;
}

/** Answers a comment post. */
export const postComment = async (req: IncomingMessage, res: ServerResponse, c: CommentPost): Promise<void> => {
  const slug = c.post.slug;
  if (!fromOwnPage(req, c.own)) return sendText(res, 403, "Comments are posted from the blog's own pages only.");
  if (!/^application\/x-www-form-urlencoded\b/i.test(req.headers['content-type'] || ''))
    return sendText(res, 415, 'form posts only');
  const body = await readBody(req, MAX_FORM);
  if (body == null) return sendText(res, 413, 'comment too large');
  const form = new URLSearchParams(body);
  /** The post again, `status`, with what was typed and why it was not posted; a reply stays a reply. */
  const again = async (status: number, input: CommentInput, errors: CommentErrors) =>
    postPage(res, status, c.content, await c.data.view(slug), c.at, c.post, errors.parent ? 0 : +input.parent || 0, {
      input,
      errors,
    });
  // Every post counts, whatever it holds (a script sending garbage is still a script); the form is shown again
  // with what was typed, so a person who hit the limit loses nothing.
  const wait = await commentWait(c.store, c.limits, c.client);
  if (wait !== null) {
    res.setHeader('Retry-After', String(wait));
    return again(429, commentInput(form), {
      form: `You have posted many comments in a short time. Please wait ${waitText(wait)} and post again.`,
    });
  }
  const check = checkComment(form);
  // Robots get the same answer as people, so they learn nothing; nothing is stored.
  if (check.kind === 'trap') return void res.writeHead(303, { Location: `/posts/${slug}#comments` }).end();
  if (check.kind === 'invalid') return again(422, check.input, check.errors);
  if (check.parent) {
    const parent = await c.data.comment(check.parent);
    if (!parent || parent.post !== slug)
      return again(422, check.input, { parent: 'The comment you replied to does not exist.' });
  }
  const { author, email, url, body: text } = check.input;
  const id = await c.data.addComment({ post: slug, parent: check.parent, author, email, url, body: text });
  res.writeHead(303, { Location: `/posts/${slug}#comment-${id}` }).end();
};
