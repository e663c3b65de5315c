import { transformSync } from 'esbuild';
import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { compatPatterns, sources } from '../../build/compat-trim.mjs';
import { domProps, domSpellings, reactDialect } from '../../build/react-props.mjs';

const { svg } = compatPatterns(readFileSync('node_modules/preact/compat/dist/compat.mjs', 'utf8'));
const dom = (tsx: string) => domProps(tsx, svg);

test("domProps: React's names on DOM elements become the DOM's; components and custom elements keep theirs", () => {
  const cases: [string, string][] = [
    ['const a = <label className="x" htmlFor={id}>t</label>;', 'const a = <label class="x" for={id}>t</label>;'],
    ['const a = <div onBlur={f} onFocus={g} />;', 'const a = <div onFocusOut={f} onFocusIn={g} />;'],
    ['const a = <p onBlurCapture={f} onDoubleClick={g} />;', 'const a = <p onFocusOutCapture={f} onDblClick={g} />;'],
    ['const a = <svg strokeWidth="1.6" fillOpacity="1" />;', 'const a = <svg stroke-width="1.6" fill-opacity="1" />;'],
    ['const a = <Html className="x" />;', 'const a = <Html className="x" />;'],
    ['const a = <my-el className="x" />;', 'const a = <my-el className="x" />;'],
    ['const a = <input onInput={f} tabIndex={-1} />;', 'const a = <input onInput={f} tabIndex={-1} />;'],
  ];
  for (const [from, to] of cases) assert.is(dom(from), to, from);
});

test('domProps: nested elements, spreads, strings, templates, comments and type arguments are read as TSX', () => {
  const from = [
    'const n = useState<boolean>(false); const m = a < b && c > d;',
    'const X = ({ f }: P) => (',
    '  // an <img> in a comment, then a closing brace in a string',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template literal in the TSX under test
    "  <div className={`a ${f ? 'b' : '}'}`} {...rest} onBlur={() => { const s = '}'; }}>",
    "    Don't {f && <span className='k'>{[1].map((i) => <b key={i} className=\"b\" />)}</span>}",
    '    {/* <p className="in a comment" /> */}',
    '  </div>',
    ');',
    'function g() { return <p className="r" />; }',
  ].join('\n');
  const to = dom(from);
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template literal in the TSX under test
  assert.ok(to.includes("<div class={`a ${f ? 'b' : '}'}`} {...rest} onFocusOut="), to);
  assert.ok(to.includes("<span class='k'>"), to);
  assert.ok(to.includes('<b key={i} class="b" />'), to);
  assert.ok(to.includes('<p className="in a comment" />'), 'comments are left as written');
  assert.ok(to.includes('return <p class="r" />'), to);
  assert.ok(to.startsWith('const n = useState<boolean>(false); const m = a < b && c > d;'), to);
  // What comes out is still TSX esbuild reads.
  transformSync(to, { loader: 'tsx', jsx: 'preserve' });
});

test('domSpellings: the DOM spellings of React props are named; aria-* and data-* pass', () => {
  const cases: [string, number][] = [
    ['<div className="a" aria-label="x" data-k="1" />', 0],
    ['<div class="a" />', 1],
    ['<label for="x" />', 1],
    ['<div onFocusOut={f} onFocusIn={g} onDblClick={h} />', 3],
    ['<svg stroke-width="1" />', 1],
    ["document.documentElement.className='js'", 0],
  ];
  for (const [text, n] of cases) assert.is(domSpellings(text).length, n, text);
});

test("reactDialect: every source under src/ writes React's names and imports no preact", () => {
  assert.equal(reactDialect(process.cwd(), ['src']), []);
});

test("domProps on the popup's sources: React's names are left only on components' props", () => {
  for (const file of sources('src/popup', /\.tsx$/)) {
    const out = dom(readFileSync(file, 'utf8'));
    for (const m of out.matchAll(/\s(className|htmlFor|onFocus|onBlur|onDoubleClick|stroke[A-Z]\w*)=/g)) {
      // The tag this prop belongs to: the last `<` opening a name before it.
      const tag = [...out.slice(0, m.index).matchAll(/<([A-Za-z][\w.]*)/g)].pop()?.[1] || '';
      assert.ok(/^[A-Z]/.test(tag), `${file}: <${tag} ${m[1]}=> kept React's name`);
    }
  }
});

test.run();
