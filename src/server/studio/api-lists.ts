/**
 * The owner API's list calls (issue 33 items 1 and 7; STUDIO.md "Owner API"): every list with its forms, a new list,
 * a rename, and a list's subscribers: a page of them, searched by address, the CSV export, and the erasure of one
 * person (logged by row id, never by address).
 */
import { eraseSubscriber } from '../db/erase';
import { createList, getList, overview, renameList } from '../db/lists';
import { subscriberPage } from '../db/subscriber-pages';
import { listSubscribers } from '../db/subscribers';
import { sendError, sendJson } from '../http/json';
import { toCsv } from '../subscribers/format';
import { type Call, type Handler, nameOf } from './api-call';

/** The longest search taken: an address is at most 254 characters. */
const SEARCH_MAX = 254;
/** Pages beyond this are refused rather than counted through. */
const PAGE_MAX = 1_000_000;

const noList = (c: Call) => sendError(c.res, 404, `There is no list ${c.params[0]}.`);
const badName = (c: Call) => sendError(c.res, 400, 'The list name must be 1 to 200 characters on one line.');

/** GET every list with its counts and forms. */
export const allLists: Handler = async (c) => {
  sendJson(c.res, 200, { lists: await overview(c.ctx.store) }, {}, c.head);
};

/** POST a new list: `{ name }`. */
export const newList: Handler = async (c) => {
  const name = nameOf(c.body.name);
  if (name === null) return badName(c);
  sendJson(c.res, 201, await createList(c.ctx.store, name));
};

/** PATCH a list: `{ name }`. */
export const renameListCall: Handler = async (c) => {
  const name = nameOf(c.body.name);
  if (name === null) return badName(c);
  if (!(await renameList(c.ctx.store, c.params[0], name))) return noList(c);
  sendJson(c.res, 200, { id: c.params[0], name });
};

/** GET a page of a list's subscribers: `?q=` a part of the address, `?page=` from 1. */
export const subscribers: Handler = async (c) => {
  const q = c.url.searchParams.get('q') || '';
  const rawPage = c.url.searchParams.get('page') || '1';
  const page = /^\d{1,7}$/.test(rawPage) ? Number(rawPage) : 0;
  if (page < 1 || page > PAGE_MAX) return sendError(c.res, 400, 'page must be a whole number from 1.');
  if (q.length > SEARCH_MAX) return sendError(c.res, 400, `Search for at most ${SEARCH_MAX} characters.`);
  if (!(await getList(c.ctx.store, c.params[0]))) return noList(c);
  sendJson(c.res, 200, await subscriberPage(c.ctx.store, c.params[0], q, page), {}, c.head);
};

/** GET a list's subscribers as CSV: the cells of `npm run subscribers -- --csv` (formula-safe, format.ts). */
export const subscribersCsv: Handler = async (c) => {
  const lid = c.params[0];
  if (!(await getList(c.ctx.store, lid))) return noList(c);
  const csv = toCsv(await listSubscribers(c.ctx.store, lid));
  c.res.writeHead(200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="subscribers-${lid.replace(/[^\w-]/g, '_')}.csv"`,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Content-Length': String(Buffer.byteLength(csv)),
  });
  c.res.end(c.head ? undefined : csv);
};

/**
 * DELETE a person from a list (GDPR erasure, db/erase.ts): the address (or an SMS-only person's number) in the path.
 * The log line names the row id, never the address.
 */
export const erase: Handler = async (c) => {
  const [lid, who] = c.params;
  const id = await eraseSubscriber(c.ctx.store, lid, who);
  if (id === null) return sendError(c.res, 404, `List ${lid} has no such subscriber.`);
  console.log(`erased subscriber ${id} on list ${lid}`);
  c.res.writeHead(204, { 'Cache-Control': 'no-store' });
  c.res.end();
};
