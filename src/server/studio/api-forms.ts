/**
 * The owner API's form calls (docs/decisions/owner-api-revisions.md; STUDIO.md "Owner API"): read, make, save, rename
 * and delete a form, its versions and their restore, and its embed snippets. A save names the revision it was based on
 * (If-Match) and is checked by the form model first: settings the popup would refuse or misread are answered 422 with
 * each problem, a save over a newer revision 412 with the form as it now is; nothing is stored in either case.
 */
import { checkSettings } from '../../form-model/check';
import { createForm, deleteForm, type FormEdit, getForm, saveForm, type StoredForm } from '../db/form-edits';
import { getList } from '../db/lists';
import { getVersion, listVersions } from '../db/versions';
import { sendError, sendJson } from '../http/json';
import { type Call, etagOf, type Handler, ifMatch, nameOf } from './api-call';
import { snippets } from './snippets';
import { isStart, starterSettings } from './starters';

/** A problem with what a save sent, as the form model's checks name them (part B, src/form-model/check.ts). */
interface Problem {
  path: string;
  message: string;
}

const noForm = (c: Call) => sendError(c.res, 404, `There is no form ${c.params[1]} on list ${c.params[0]}.`);

/** The form as the API answers it. */
const shown = (f: StoredForm) => ({
  settings: f.settings,
  title: f.title,
  requireConsent: f.requireConsent,
  revision: f.revision,
  savedAt: f.savedAt,
});

/** Whether `v` is a JSON object (not an array, not null). */
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The problems of settings to be stored: the form model's, and settings that are no object at all. */
const settingsProblems = (settings: unknown): Problem[] =>
  isObject(settings)
    ? checkSettings(settings)
    : [{ path: 'settings', message: 'The settings must be a JSON object, as a form-settings answer is (spec 3.2).' }];

/** Answers 422 with `problems`: nothing was stored. */
const refuse = (c: Call, problems: Problem[]) =>
  sendError(c.res, 422, `Not saved: ${problems.length} problem${problems.length === 1 ? '' : 's'} with the form.`, {
    problems,
  });

/**
 * The base revision a save names, or null when it answered already: 428 without If-Match (every save must say what
 * it was based on, docs/decisions/owner-api-revisions.md), 400 when unreadable; `*` is any revision.
 */
const baseOf = (c: Call): number | null | undefined => {
  const m = ifMatch(c.req);
  if (m.kind === 'revision') return m.revision;
  if (m.kind === 'any') return null;
  if (m.kind === 'absent')
    sendError(c.res, 428, 'Send If-Match with the revision the change is based on, as the ETag gave it ("3").');
  else sendError(c.res, 400, 'If-Match must be the revision as the ETag gives it ("3"), or *.');
  return undefined;
};

/** Saves `edit` over form c.params on `base` and answers what happened. */
const save = async (c: Call, base: number | null, edit: (cur: StoredForm) => FormEdit, extra = {}) => {
  const [lid, fId] = c.params;
  const r = await saveForm(c.ctx.store, lid, fId, base, edit);
  if (r.kind === 'missing') return noForm(c);
  if (r.kind === 'stale')
    return sendError(
      c.res,
      412,
      `This form was saved elsewhere since (revision ${r.current.revision}): nothing was stored. ` +
        'Compare with the current form and save again.',
      { current: shown(r.current) },
      { ETag: etagOf(r.current.revision) },
    );
  sendJson(c.res, 200, { revision: r.revision, savedAt: r.savedAt, ...extra }, { ETag: etagOf(r.revision) });
};

/** GET a form: as stored, its revision as the ETag. */
export const readForm: Handler = async (c) => {
  const f = await getForm(c.ctx.store, c.params[0], c.params[1]);
  if (!f) return noForm(c);
  sendJson(c.res, 200, { lid: f.lid, fId: f.fId, ...shown(f) }, { ETag: etagOf(f.revision) }, c.head);
};

/** PUT a form: `{ settings, title?, requireConsent? }` over the revision of If-Match. */
export const putForm: Handler = async (c) => {
  const { settings, title, requireConsent } = c.body;
  if (!('settings' in c.body))
    return sendError(c.res, 400, 'The body needs the form\'s settings: { "settings": {…} }.');
  if (!(await getForm(c.ctx.store, c.params[0], c.params[1]))) return noForm(c);
  const base = baseOf(c);
  if (base === undefined) return;
  const problems = settingsProblems(settings);
  const name = title === undefined ? null : nameOf(title);
  if (title !== undefined && name === null)
    problems.push({ path: 'title', message: 'The form title must be 1 to 200 characters on one line.' });
  if (requireConsent !== undefined && typeof requireConsent !== 'boolean')
    problems.push({ path: 'requireConsent', message: 'Require consent must be true or false.' });
  if (problems.length) return refuse(c, problems);
  await save(c, base, (cur) => ({
    settings: settings as Record<string, unknown>,
    title: name ?? cur.title,
    requireConsent: typeof requireConsent === 'boolean' ? requireConsent : cur.requireConsent,
  }));
};

/** PATCH a form: `{ title }`, a rename that leaves the settings as they are (If-Match optional). */
export const renameForm: Handler = async (c) => {
  const name = nameOf(c.body.title);
  if (name === null) return sendError(c.res, 400, 'The form title must be 1 to 200 characters on one line.');
  const m = ifMatch(c.req);
  const base = m.kind === 'absent' ? null : baseOf(c);
  if (base === undefined) return;
  await save(c, base, (cur) => ({ ...cur, title: name }), { title: name });
};

/** DELETE a form: its list's subscribers stay. */
export const removeForm: Handler = async (c) => {
  if (!(await deleteForm(c.ctx.store, c.params[0], c.params[1]))) return noForm(c);
  c.res.writeHead(204, { 'Cache-Control': 'no-store' });
  c.res.end();
};

/** POST a new form on a list: `{ title, start }` (a starting form) or `{ title, copy: { lid, fId } }`. */
export const newForm: Handler = async (c) => {
  const lid = c.params[0];
  const title = nameOf(c.body.title);
  if (title === null) return sendError(c.res, 400, 'The form title must be 1 to 200 characters on one line.');
  const { start, copy } = c.body;
  let from: FormEdit;
  if (isObject(copy) && typeof copy.lid === 'string' && typeof copy.fId === 'string') {
    const source = await getForm(c.ctx.store, copy.lid, copy.fId);
    if (!source) return sendError(c.res, 404, `There is no form ${copy.fId} on list ${copy.lid} to copy.`);
    from = { title, settings: source.settings, requireConsent: source.requireConsent };
  } else if (isStart(start)) from = { title, settings: starterSettings(start), requireConsent: false };
  else return sendError(c.res, 400, 'Say what the form starts from: "start": "modal", "slide" or "fixed", or "copy".');
  const made = await createForm(c.ctx.store, lid, from);
  if (!made) return sendError(c.res, 404, `There is no list ${lid}.`);
  sendJson(c.res, 201, made, { ETag: etagOf(made.revision) });
};

/** GET a form's versions, newest first. */
export const versions: Handler = async (c) => {
  const [lid, fId] = c.params;
  if (!(await getForm(c.ctx.store, lid, fId))) return noForm(c);
  sendJson(c.res, 200, { versions: await listVersions(c.ctx.store, lid, fId) }, {}, c.head);
};

/** GET one version whole. */
export const version: Handler = async (c) => {
  const [lid, fId, rev] = c.params;
  const v = await getVersion(c.ctx.store, lid, fId, Number(rev));
  if (!v) return sendError(c.res, 404, `Form ${fId} on list ${lid} keeps no version ${rev}.`);
  sendJson(c.res, 200, v, {}, c.head);
};

/**
 * POST a restore: a save of that version's settings and consent rule over the revision of If-Match, a new revision
 * (the title stays as it is now: a rename is not undone by a restore). Checked as a save is.
 */
export const restore: Handler = async (c) => {
  const [lid, fId, rev] = c.params;
  if (!(await getForm(c.ctx.store, lid, fId))) return noForm(c);
  const base = baseOf(c);
  if (base === undefined) return;
  const v = await getVersion(c.ctx.store, lid, fId, Number(rev));
  if (!v) return sendError(c.res, 404, `Form ${fId} on list ${lid} keeps no version ${rev}.`);
  const problems = settingsProblems(v.settings);
  if (problems.length) return refuse(c, problems);
  await save(c, base, (cur) => ({ title: cur.title, settings: v.settings, requireConsent: v.requireConsent }));
};

/** GET a form's embed snippets, naming this provider as its site says (never a request header). */
export const publish: Handler = async (c) => {
  const [lid, fId] = c.params;
  const list = await getList(c.ctx.store, lid);
  if (!list || !(await getForm(c.ctx.store, lid, fId))) return noForm(c);
  sendJson(c.res, 200, { snippets: snippets(c.ctx.site.origin, list.uuid, lid, fId) }, {}, c.head);
};
