/**
 * The tables of bench/RESULTS.md, from one run of `npm run bench`: every figure of this build beside the reference
 * build's, with the ratio this / reference (issue 12: absolute milliseconds drift from run to run on a shared machine,
 * ratios much less).
 */
import { CASES, type Case, type CostSamples, type KindSamples, KINDS, LABEL, OPENED } from './cost-cases';
import { CATEGORIES, type LighthouseResult } from './lighthouse';
import { killLine, loadTable, type StoreLoad } from './store-load';
import { median, type Sample } from './page-cost';
import { BARE_CASES, type BareSamples } from './bare-cases';
import type { Part, SizeRow } from './sizes';

/** Everything one run measured. */
export interface Results {
  date: string;
  seconds: number;
  cores: number;
  /** 1-minute load average when the run started and ended (the machine is shared). */
  loadAvg: [number, number];
  runs: number;
  network: string;
  settleMs: number;
  /** Build names: this checkout and the reference commit. */
  self: string;
  ref: string;
  /**
   * The build before issue 37 (BENCH_BEFORE), which prepared the popup when idle after the settings: run in the
   * `intent` case only, for issue 37's "trigger → visible within 2× of today's".
   */
  before: string;
  sizes: SizeRow[];
  refSizes: SizeRow[];
  parts: Part[];
  cost: CostSamples;
  /** The embed's long tasks on a bare DevTools pipe (bench/bare-cdp.ts). */
  bare: BareSamples;
  /** Trigger never reached, by kind (issue 37 item 4). */
  kinds: KindSamples;
  /** Quiet time of those runs after the settings answer, ms. */
  kindSettleMs: number;
  /** Lighthouse by build name: one result per page and embed state, or why it was not run. */
  lighthouse: Record<string, LighthouseRow[]> | string;
  load: StoreLoad | string;
}

/** One Lighthouse row. */
export interface LighthouseRow {
  page: string;
  embed: boolean;
  result: LighthouseResult | string;
}

/** The largest of numbers; null when there are none. */
const maxOf = (v: number[]): number | null => (v.length ? Math.max(...v) : null);
const fmt = (n: number | null | undefined, digits = 0) => (n === null || n === undefined ? 'n/a' : n.toFixed(digits));
const kb = (n: number | null | undefined) => (n === null || n === undefined ? 'n/a' : (n / 1000).toFixed(2) + ' kB');
const yes = (ok: boolean | null) => (ok === null ? '—' : ok ? 'yes' : '**no**');
/** this / reference, as '0.87×'; '—' when the reference is 0 or either is missing. */
export const ratio = (a: number | null | undefined, b: number | null | undefined): string =>
  a === null || a === undefined || b === null || b === undefined
    ? 'n/a'
    : b === 0
      ? a === 0
        ? '1.00×'
        : '—'
      : (a / b).toFixed(2) + '×';

const table = (head: string[], rows: string[][], align: string[] = head.map((_, i) => (i ? '---:' : '---'))) =>
  [`| ${head.join(' | ')} |`, `|${align.join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');

/** Helpers over one run's samples. */
const view = (r: Results) => {
  // A build or case not run (BENCH_SKIP, BENCH_CASES, the build before issue 37) has no samples.
  const of = (b: string, c: Case) => r.cost[b]?.[c] ?? [];
  const m = (b: string, c: Case, k: keyof Sample) => median(of(b, c).map((s) => s[k] as number | null));
  const all = (b: string, cases: Case[], k: keyof Sample) =>
    cases.flatMap((c) => of(b, c).map((s) => s[k] as number | null)).filter((x): x is number => x !== null);
  const size = (rows: SizeRow[], name: string) => rows.find((x) => x.name === name)?.brotli ?? null;
  const sum = (rows: SizeRow[], names: string[]) => {
    const v = names.map((n) => size(rows, n));
    return v.includes(null) ? null : (v as number[]).reduce((a, b) => a + b, 0);
  };
  return { m, all, size, sum };
};

const P = 'js/signup-forms/popup/';
const C = 'css/signup-forms/popup/1.0/';
/**
 * A plain e-mail form's first view: the loader, popup.js and the stylesheets its modal links (template 1): its frame's
 * own sheet, modal-1.css, in builds that make one (build/frame-sheets.mjs), else spec 7.2's three it is made of.
 */
export const firstView = (rows: SizeRow[]): string[] => [
  P + 'embed.js',
  P + '1.0/popup.js',
  ...(rows.some((x) => x.name === C + 'modal-1.css')
    ? [C + 'modal-1.css']
    : [C + 'common.css', C + 'modal.css', C + 'layout-1.css']),
];

/** The targets table (issue 12's rows and the earlier issues' that still hold). */
export function targetsMarkdown(r: Results): string {
  const { m, all, sum } = view(r);
  const rows: string[][] = [];
  const row = (
    figure: string,
    target: string,
    a: number | null,
    b: number | null,
    show: (n: number | null) => string,
    ok: boolean | null,
  ) => rows.push([figure, target, show(a), show(b), ratio(a, b), yes(ok)]);
  const bytes = (figure: string, names: string[] | ((rows: SizeRow[]) => string[]), limit: number, target: string) => {
    const of = (rows: SizeRow[]) => sum(rows, typeof names === 'function' ? names(rows) : names);
    const a = of(r.sizes);
    row(figure, target, a, of(r.refSizes), kb, a !== null && a <= limit);
  };
  bytes('embed.js brotli', [P + 'embed.js'], 1500, '≤ 1.5 kB (its ceiling)');
  bytes('popup.js brotli', [P + '1.0/popup.js'], 14000, '≤ 14 kB (aim 12 kB)');
  bytes(
    "first view of an e-mail form: embed.js + popup.js + the modal's CSS (modal-1.css, or common, modal, layout-1)",
    firstView,
    14500,
    '≤ 14.5 kB',
  );
  bytes('blog.js brotli', ['blog/blog.js'], 2500, '≤ 2.5 kB');
  // Issue 37 item 3: targets as ratios to the reference in the same run, so that they hold on any machine.
  const most = (b: string) => maxOf(all(b, ['idle', ...OPENED], 'embedLongTasks'));
  const atMost = (a: number | null, b: number | null, share = 1) => (a === null || b === null ? null : a <= b * share);
  row(
    'long tasks holding embed work at 4x, most in one run (idle and opened cases)',
    "≤ the reference's",
    most(r.self),
    most(r.ref),
    (n) => fmt(n),
    atMost(most(r.self), most(r.ref)),
  );
  const longest = (b: string) => maxOf(all(b, ['idle', ...OPENED], 'embedLongestMs'));
  row(
    'longest task holding embed work at 4x, over every run (idle and opened cases)',
    "≤ 0.15× the reference's",
    longest(r.self),
    longest(r.ref),
    (n) => fmt(n) + ' ms',
    atMost(longest(r.self), longest(r.ref), 0.15),
  );
  // The same two figures without Playwright's per-frame script contexts (bench/bare-cdp.ts).
  const bare = (b: string, k: 'longTasks' | 'longestAnyMs') =>
    maxOf(BARE_CASES.flatMap((c) => r.bare[b][c].map((x) => x[k])));
  row(
    'the same, bare DevTools pipe (no Playwright), most in one run (cold, intent, submit)',
    "≤ the reference's",
    bare(r.self, 'longTasks'),
    bare(r.ref, 'longTasks'),
    (n) => fmt(n),
    atMost(bare(r.self, 'longTasks'), bare(r.ref, 'longTasks')),
  );
  row(
    'the same, bare DevTools pipe, longest task holding embed work over every run (cold, intent, submit)',
    "≤ 0.15× the reference's",
    bare(r.self, 'longestAnyMs'),
    bare(r.ref, 'longestAnyMs'),
    (n) => fmt(n) + ' ms',
    atMost(bare(r.self, 'longestAnyMs'), bare(r.ref, 'longestAnyMs'), 0.15),
  );
  const added = (b: string, c: Case) => {
    const a = m(b, c, 'tbt');
    const z = m(b, 'alone', 'tbt');
    return a === null || z === null ? null : a - z;
  };
  const ms = (n: number | null) => fmt(n) + ' ms';
  row(
    'TBT added by opening the popup at 4x (intent − page alone, medians)',
    '≤ 30 ms',
    added(r.self, 'intent'),
    added(r.ref, 'intent'),
    ms,
    (added(r.self, 'intent') ?? Infinity) <= 30,
  );
  const vis = (b: string, c: Case) => m(b, c, 'triggerToVisible');
  const today = vis(r.before, 'intent');
  row(
    'trigger → visible, intent then trigger (median)',
    `≤ 2× the build before issue 37's, ${r.before} (prepared when idle): ${fmt(today)} ms`,
    vis(r.self, 'intent'),
    vis(r.ref, 'intent'),
    ms,
    atMost(vis(r.self, 'intent'), today, 2),
  );
  row(
    'trigger → visible, cold: intent and trigger together (median)',
    '—',
    vis(r.self, 'cold'),
    vis(r.ref, 'cold'),
    ms,
    null,
  );
  row(
    'trigger → visible, intent and trigger together, popup.js cached (median)',
    '≤ 150 ms',
    vis(r.self, 'cached'),
    vis(r.ref, 'cached'),
    ms,
    (vis(r.self, 'cached') ?? Infinity) <= 150,
  );
  // Every page-cost run with the embed and every trigger-never-reached run.
  const cls = (b: string) =>
    maxOf([
      ...all(b, ['idle', ...OPENED], 'cls'),
      ...Object.values(r.kinds[b] ?? {}).flatMap((v) => v.map((x) => x.cls)),
    ]);
  row(
    'layout shift with the embed, largest in one run (page-cost and trigger-never-reached runs)',
    '0 in every run',
    cls(r.self),
    cls(r.ref),
    (n) => fmt(n, 4),
    cls(r.self) === 0,
  );
  const kindOf = (b: string, kind: string) => r.kinds[b]?.[kind] ?? [];
  for (const [kind] of KINDS) {
    const k = (b: string) => median(kindOf(b, kind).map((x) => x.embedBytes));
    row(
      `bytes fetched, ${kind} trigger never reached (median)`,
      kind === 'delay (seconds)' ? 'certain: prepared when idle' : 'embed.js, the settings, embed-extras.js',
      k(r.self),
      k(r.ref),
      (n) => fmt(n) + ' B',
      null,
    );
  }
  const early = (b: string) =>
    KINDS.slice(1).reduce((n, [kind]) => n + kindOf(b, kind).filter((x) => x.popupBefore).length, 0);
  const runs = KINDS.slice(1).reduce((n, [kind]) => n + kindOf(r.self, kind).length, 0);
  row(
    `runs that fetched popup.js, exit, middle or bottom never reached (of ${runs})`,
    '0 (issue 37 item 2)',
    early(r.self),
    early(r.ref),
    (n) => fmt(n),
    runs > 0 && early(r.self) === 0,
  );
  if (typeof r.lighthouse !== 'string') {
    const lows = (b: string) => {
      const blog =
        (r.lighthouse as Record<string, LighthouseRow[]>)[b]?.filter((x) => x.embed && x.page !== '/demo') ?? [];
      const scores = blog.flatMap((x) =>
        typeof x.result === 'string' ? [0] : CATEGORIES.map((c) => (x.result as LighthouseResult).scores[c] ?? 0),
      );
      return scores.length ? Math.min(...scores) : null;
    };
    row(
      'Lighthouse, blog home and post with the embed: lowest of the four scores',
      'every category 100',
      lows(r.self),
      lows(r.ref),
      (n) => fmt(n),
      lows(r.self) === 100,
    );
  }
  if (typeof r.load !== 'string') {
    const load = r.load.rows;
    for (const [part, label, rps] of [
      ['settings', 'form-settings requests per second, zero errors (this build, SQLite)', 5000],
      ['post', 'subscribes (form-post-json) per second, zero errors (this build, SQLite)', 1000],
    ] as const) {
      const x = load.find((l) => l.store === 'SQLite' && l.processes === 1 && l.name.includes(part));
      const errs = x ? x.errors + x.non2xx : 0;
      rows.push([
        label,
        `≥ ${rps.toLocaleString('en')}, 0 errors`,
        x ? `${Math.round(x.requestsPerSecond).toLocaleString('en')}, ${errs} errors` : 'n/a',
        '',
        '',
        yes(!!x && x.requestsPerSecond >= rps && errs === 0),
      ]);
    }
    // Issue 15: a kill -9 of one of two processes on PostgreSQL loses no acknowledged subscribe.
    const k = r.load.kill;
    rows.push([
      'kill -9 of one of two processes on PostgreSQL: acknowledged subscribes found in the store',
      'all',
      typeof k === 'string' ? k : `${k.found.toLocaleString('en')} of ${k.acknowledged.toLocaleString('en')}`,
      '',
      '',
      yes(typeof k !== 'string' && k.acknowledged > 0 && k.found === k.acknowledged),
    ]);
  }
  return table(['figure', 'target', 'this build', `reference ${r.ref}`, 'ratio', 'met'], rows, [
    '---',
    '---',
    '---:',
    '---:',
    '---:',
    '---',
  ]);
}

/** The page-cost table: per case, this build, the reference and their ratio. */
export function costMarkdown(r: Results): string {
  const { m } = view(r);
  const cols: [keyof Sample, string, number, number][] = [
    ['tbt', 'TBT ms', 0, 1],
    ['longTasks', 'long tasks', 1, 1],
    ['embedLongTasks', 'long tasks holding embed work', 1, 1],
    ['cls', 'CLS', 4, 1],
    ['scriptMs', 'page script ms', 1, 1],
    ['embedBeforeMs', 'embed ms before trigger', 1, 1],
    ['embedAfterMs', 'embed ms after trigger', 1, 1],
    ['triggerToVisible', 'trigger → visible ms', 0, 1],
    ['triggerToSettled', 'trigger → animation done ms', 0, 1],
    ['embedBytes', 'embed bytes before trigger', 0, 1],
    ['scriptBytes', 'script bytes', 0, 1],
    ['heap', 'JS heap MB', 2, 1e6],
  ];
  const rows: string[][] = [];
  for (const c of CASES) {
    const at = (b: string) =>
      cols.map(([k, , , scale]) => {
        const v = m(b, c, k);
        return v === null ? null : v / scale;
      });
    const a = at(r.self);
    const b = at(r.ref);
    rows.push([LABEL[c], 'this build', ...a.map((v, i) => fmt(v, cols[i][2]))]);
    rows.push(['', `reference ${r.ref}`, ...b.map((v, i) => fmt(v, cols[i][2]))]);
    rows.push(['', 'ratio', ...a.map((v, i) => ratio(v, b[i]))]);
    if (r.cost[r.before]?.[c].length) {
      const z = at(r.before);
      rows.push(['', `before issue 37, ${r.before}`, ...z.map((v, i) => fmt(v, cols[i][2]))]);
      rows.push(['', 'ratio to it', ...a.map((v, i) => ratio(v, z[i]))]);
    }
  }
  return table(['case', 'build', ...cols.map((c) => c[1])], rows, ['---', '---', ...cols.map(() => '---:')]);
}

/**
 * The bare runs (bench/bare-cases.ts): per case and build, the runs with a long task holding embed work, and the
 * longest task holding embed work of any length (the room left under 50 ms): its median over the runs and its maximum.
 */
export function bareMarkdown(r: Results): string {
  const rows: string[][] = [];
  for (const c of BARE_CASES) {
    const of = (b: string) => {
      const v = r.bare[b][c];
      const longest = maxOf(v.map((x) => x.longestAnyMs));
      const mid = median(v.map((x) => x.longestAnyMs));
      // The submit case says how many subscribes were answered: a load without an answer measured less.
      const answered = c === 'submit' ? ` (${v.filter((x) => x.answered).length} answered)` : '';
      return { runs: `${v.filter((x) => x.longTasks > 0).length} of ${v.length}${answered}`, longest, mid };
    };
    const a = of(r.self);
    const b = of(r.ref);
    // 0: no task holding embed work reached 10 ms.
    const ms = (n: number | null) => (n === 0 ? '< 10 ms' : fmt(n, 1) + ' ms');
    rows.push([
      c,
      a.runs,
      b.runs,
      ms(a.mid),
      ms(b.mid),
      ratio(a.mid, b.mid),
      ms(a.longest),
      ms(b.longest),
      ratio(a.longest, b.longest),
    ]);
  }
  return table(
    [
      'case',
      'runs with a long task holding embed work, this build',
      `the same, reference ${r.ref}`,
      'longest task holding embed work, median of runs, this build',
      'the same, reference',
      'ratio',
      'longest over every run, this build',
      'the same, reference',
      'ratio',
    ],
    rows,
    ['---', ...Array(8).fill('---:')],
  );
}

/** Where trigger → visible goes, for the cases that open the popup. */
export function stepsMarkdown(r: Results): string {
  const { m } = view(r);
  const steps: [keyof Sample, string][] = [
    ['warmToTrigger', 'warm-up start → trigger (the lead intent gave)'],
    ['triggerToScript', 'popup.js starts running (fetched, compiled)'],
    ['triggerToFrame', 'popup mounted (frame rendered, hidden)'],
    ['triggerToStyled', 'frame shown (stylesheets loaded)'],
    ['triggerToVisible', 'frame painted visible'],
    ['triggerToSettled', 'animation done'],
  ];
  const spread = (b: string, c: Case, k: keyof Sample) => {
    const v = (r.cost[b]?.[c] ?? []).map((s) => s[k]).filter((x): x is number => typeof x === 'number');
    return v.length ? ` (${fmt(Math.min(...v))}–${fmt(Math.max(...v))})` : '';
  };
  const rows: string[][] = [];
  for (const c of OPENED) {
    rows.push([c, 'this build', ...steps.map(([k]) => fmt(m(r.self, c, k)) + spread(r.self, c, k))]);
    rows.push(['', `reference ${r.ref}`, ...steps.map(([k]) => fmt(m(r.ref, c, k)) + spread(r.ref, c, k))]);
    rows.push(['', 'ratio', ...steps.map(([k]) => ratio(m(r.self, c, k), m(r.ref, c, k)))]);
    if (r.cost[r.before]?.[c].length)
      rows.push([
        '',
        `before issue 37, ${r.before}`,
        ...steps.map(([k]) => fmt(m(r.before, c, k)) + spread(r.before, c, k)),
      ]);
  }
  return table(['case', 'build', ...steps.map((s) => s[1])], rows, ['---', '---', ...steps.map(() => '---:')]);
}

/**
 * Trigger never reached (issue 37 item 4): per kind, the bytes the embed fetched, its script time, the long tasks
 * holding its work (the most in one run) and the longest of them, and the runs that fetched popup.js.
 */
export function kindsMarkdown(r: Results): string {
  const rows: string[][] = [];
  for (const [kind] of KINDS) {
    const of = (b: string) => {
      const v = r.kinds[b]?.[kind] ?? [];
      return {
        bytes: median(v.map((x) => x.embedBytes)),
        ms: median(v.map((x) => x.embedBeforeMs)),
        tasks: maxOf(v.map((x) => x.embedLongTasks)),
        longest: maxOf(v.map((x) => x.embedLongestMs)),
        popup: `${v.filter((x) => x.popupBefore).length} of ${v.length}`,
      };
    };
    const a = of(r.self);
    const b = of(r.ref);
    rows.push([
      kind,
      fmt(a.bytes),
      fmt(b.bytes),
      ratio(a.bytes, b.bytes),
      fmt(a.ms, 1),
      fmt(b.ms, 1),
      ratio(a.ms, b.ms),
      fmt(a.tasks),
      fmt(b.tasks),
      fmt(a.longest),
      fmt(b.longest),
      a.popup,
      b.popup,
    ]);
  }
  return table(
    [
      'trigger kind',
      'bytes, this build',
      `bytes, reference ${r.ref}`,
      'ratio',
      'embed script ms, this build',
      'the same, reference',
      'ratio',
      'long tasks holding embed work, most in one run, this build',
      'the same, reference',
      'longest of them ms, this build',
      'the same, reference',
      'runs that fetched popup.js, this build',
      'the same, reference',
    ],
    rows,
  );
}

/** The Lighthouse table: every page and embed state, both builds. */
export function lighthouseMarkdown(r: Results): string {
  if (typeof r.lighthouse === 'string') return `Not measured: ${r.lighthouse}`;
  const rows: string[][] = [];
  for (const [build, list] of Object.entries(r.lighthouse))
    for (const x of list) {
      const name = build === r.self ? 'this build' : `reference ${build}`;
      if (typeof x.result === 'string')
        rows.push([x.page, x.embed ? 'yes' : 'blocked', name, x.result, '', '', '', '', '']);
      else
        rows.push([
          x.page,
          x.embed ? 'yes' : 'blocked',
          name,
          ...CATEGORIES.map((c) => fmt((x.result as LighthouseResult).scores[c])),
          fmt(x.result.tbt),
          x.result.failing.join(', ') || '—',
        ]);
    }
  return table(
    [
      'page',
      'embed',
      'build',
      'performance',
      'accessibility',
      'best practices',
      'SEO',
      'TBT ms',
      'audits under 1 (score)',
    ],
    rows,
    ['---', '---', '---', '---:', '---:', '---:', '---:', '---:', '---'],
  );
}

/** The size table of this build's outputs and the peers. */
export function sizeMarkdown(rows: SizeRow[]): string {
  return table(
    ['output', 'raw', 'gzip', 'brotli'],
    rows.map((x) => [
      `${x.kind === 'peer' ? '_peer:_ ' : ''}${x.name}`,
      String(x.raw),
      String(x.gzip),
      String(x.brotli),
    ]),
  );
}

/** The budgeted outputs beside the reference's. */
export function sizeRatioMarkdown(r: Results): string {
  const { size } = view(r);
  const names = [
    P + 'embed.js',
    P + '1.0/popup.js',
    P + '1.0/form-extras.js',
    P + '1.0/countries.js',
    'blog/blog.js',
    'blog/blog.css',
  ];
  return table(
    ['output (brotli)', 'this build', `reference ${r.ref}`, 'ratio'],
    names.map((n) => [
      n,
      fmt(size(r.sizes, n)),
      fmt(size(r.refSizes, n)),
      ratio(size(r.sizes, n), size(r.refSizes, n)),
    ]),
  );
}

/** The provider's load figures (this build): the cases on each store, then the kill -9 check. */
export function loadMarkdown(load: StoreLoad | string): string {
  if (typeof load === 'string') return `Not measured: ${load}`;
  return `${loadTable(load.rows)}\n\n${killLine(load.kill)}`;
}
