/**
 * Property renaming in the build (issue 12 item 5, build/mangle.mjs): the rules that keep a boundary name off
 * mangle.json's list, one table each, and the checked-in list held to them. When this fails after a change to the
 * popup's types, `npm run mangle` says what to drop or add (`-- --write` does it).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import {
  codeFacts,
  declaredMembers,
  leftOver,
  listProblems,
  type MangleConfig,
  pinCollisions,
  rawNames,
  readMangle,
  refusal,
  type SourceFacts,
  sourceFacts,
} from '../../build/mangle.mjs';
import { squeeze } from '../../build/minify.mjs';

const root = process.cwd();

const facts = (over: Partial<SourceFacts> = {}): SourceFacts => ({
  declared: new Set([
    'variation',
    'mpId',
    'modalVariation',
    'baseUrl',
    'gdpr',
    'mobile',
    'onClose',
    'children',
    'show',
  ]),
  boundary: new Set(['baseUrl']),
  words: new Set(['gdpr']),
  jsx: new Set(['mobile']),
  props: new Map([['x', 1]]),
  preact: new Set(['children', '__k']),
  kept: new Set(['show']),
  ...over,
});
const RAW = new Set(['modalVariation']);

test('refusal: one reason per kind of boundary name, none for a private one', () => {
  const cases: [string, RegExp | null][] = [
    ['variation', null],
    ['mpId', null],
    ['undeclared', /not a member/],
    ['modalVariation', /raw name/],
    ['baseUrl', /boundary/],
    ['gdpr', /string/],
    ['mobile', /JSX/],
    ['onClose', /event prop/],
    ['children', /Preact reads/],
    ['show', /DOM or builtin/],
  ];
  for (const [name, want] of cases) {
    const why = refusal(name, facts(), RAW);
    if (want) assert.match(why || '', want, name);
    else assert.is(why, null, name);
  }
});

const config = (props: Record<string, string>): MangleConfig => ({
  internals: '^__[A-Za-z]?$',
  boundary: [],
  reserved: {},
  props,
});

test('listProblems: short names must be identifiers, unique, unused, not listed, not like Preact internals', () => {
  const cases: [Record<string, string>, RegExp | null][] = [
    [{ variation: 'a', mpId: 'b' }, null],
    [{ variation: 'a-b' }, /no identifier/],
    [{ variation: 'a', mpId: 'a' }, /variation's too/],
    [{ variation: 'mpId', mpId: 'b' }, /is a listed name/],
    [{ variation: '__q' }, /Preact internal/],
    [{ variation: 'x' }, /property in the sources/],
    [{ variation: '__k' }, /Preact/],
    [{ modalVariation: 'a' }, /raw name/],
  ];
  for (const [props, want] of cases) {
    const p = listProblems(config(props), facts(), RAW).join('\n');
    if (want) assert.match(p, want, JSON.stringify(props));
    else assert.is(p, '', JSON.stringify(props));
  }
});

test('declaredMembers: interface and type literal members, optional, methods, nested; not comments or code', () => {
  const cases: [string, string[]][] = [
    ['interface A { a: string; b?: number; c(): void; readonly d: X }', ['a', 'b', 'c', 'd']],
    ['export interface A<T> extends B {\n  /** e: not this */\n  e: T;\n  f?: { g: string };\n}', ['e', 'f', 'g']],
    ['type P = {\n  h: string, // i: no\n  j?: () => void }', ['h', 'j']],
    ['const o = { k: 1 }; type U = "l" | "m"; function n(p: string) {}', []],
    ['interface Q { r<T>(t: T): T }', ['r']],
  ];
  for (const [ts, want] of cases) assert.equal([...declaredMembers(ts)].sort(), want, ts);
});

test('codeFacts: properties with counts, words of strings, templates and regexps, JSX props', async () => {
  const f = await codeFacts(
    'a.b; a.b; a["c"]; a[d]; ({ e: 1, f, "g": 2 }); "h-i"; `j $' +
      '{a.k} l`; /m|n/.test(o); _h("p", { q: 1 }); z in a;',
  );
  assert.equal(Object.fromEntries(f.props), { b: 2, c: 1, e: 1, f: 1, g: 1, k: 1, test: 1, q: 1 });
  for (const w of ['c', 'g', 'h', 'i', 'j', 'l', 'm', 'n', 'p']) assert.ok(f.words.has(w), w);
  assert.not.ok(f.words.has('b'));
  assert.equal([...f.jsx], ['q']);
});

test('the checked-in mangle.json obeys every rule on the sources as they are', async () => {
  const c = readMangle(root);
  const f = await sourceFacts(root, c);
  const problems = listProblems(c, f, await rawNames(root, c));
  assert.equal(problems, [], 'run `npm run mangle` to see what to drop or add');
  assert.ok(Object.keys(c.props).length > 0);
  // Raw names the popup reads with dots, and the loader's parameters, are never listed.
  for (const raw of ['modalVariation', 'popupDelay', 'fields', 'merge_id', 'webEngagementCookieValue', 'baseUrl'])
    assert.not.ok(Object.hasOwn(c.props, raw), raw);
});

test('the seeded forms and the spec lists are reserved', async () => {
  const raw = await rawNames(root, readMangle(root));
  for (const k of ['modalVariation', 'hover_color', 'smsProgramData', 'u', 'f_id', 'isEmailSubscribed', 'popup'])
    assert.ok(raw.has(k), k);
});

test('squeeze renames a listed name to its pin in every bundle alike, and leaves raw reads alone', async () => {
  const c = config({ variation: 'Q' });
  const code = '(()=>{window.s={variation:window.r.modalVariation,k:window.r.variation};})();';
  const out = await squeeze(code, { mangle: c });
  assert.match(out, /\bQ:/);
  assert.match(out, /\.modalVariation\b/);
  assert.not.match(out, /variation:/);
  // A bundle where the pin already names a property: the build refuses it.
  assert.equal(await pinCollisions(c, { 'a.js': code, 'b.js': 'o.Q=1' }), [
    'b.js: property Q already exists, pinned for variation in mangle.json',
  ]);
  // A listed name terser keeps (a DOM name), and Preact internals where they are not renamed, fail the build.
  const kept = await leftOver(config({ cookie: 'Z' }), 'c.js', await squeeze('document.cookie=1', {}), false);
  assert.match(kept.join(), /cookie was not renamed/);
  assert.match((await leftOver(c, 'd.js', 'v.__k=1', false)).join(), /Preact internal __k/);
  assert.equal(await leftOver(c, 'e.js', 'v.__k=1', true), []);
});

test.run();
