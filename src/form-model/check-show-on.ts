/**
 * The checks of the display rules (issue 36 part 1, show-on.ts): what the loader's judging would misread or never
 * match, each problem with its path (`showOn.include[2]`) and a reason that names the control. Part of
 * `checkSettings` (src/form-model/check.ts): the studio refuses beside the control, the owner API answers 422.
 */
import { add, fmt, type Problem, shown } from './problems';
import { obj } from './raw';
import { DEVICES } from './show-on';

/** The keys of the rules; any other is a rule the loader would ignore. */
const KEYS = ['include', 'exclude', 'devices'];

/**
 * Most patterns in one list: every visitor downloads them with the settings, and each is tried against the page's path
 * before the popup may show.
 */
export const PATTERNS_MAX = 50;

/** Longest pattern: a path of a site, well past the paths of real pages (browsers keep far longer URLs). */
export const PATTERN_MAX = 300;

/** Each list's control, as the studio labels it. */
const LIST_NAMES: Record<string, string> = { include: 'Show on', exclude: 'Hide on' };

/** Why `p` is no pattern of a path, or '' when it is one. */
export const patternProblem = (p: unknown): string => {
  if (typeof p !== 'string') return `must be a path such as /blog/*, not ${shown(p)}`;
  if (!p.trim()) return 'is empty: write a path such as /blog/*, or remove it';
  if (/^[a-z][\w+.-]*:|^\/\//i.test(p)) {
    const path = p.replace(/^([a-z][\w+.-]*:)?\/\/[^/]*/i, '') || '/';
    return `is an address, not a path: write the path alone (${shown(path)}); it is matched on the site's own host`;
  }
  if (!/^[/*]/.test(p)) return `must start with / (a path of your site) or *, not ${shown(p)}`;
  if (/[\s?#]/.test(p))
    return (
      `must be a path alone, without spaces, a query (?…) or a fragment (#…), not ${shown(p)}: ` +
      "it is matched against the page's path only"
    );
  if (p.length > PATTERN_MAX) return `is ${fmt(p.length)} characters long: keep it to ${fmt(PATTERN_MAX)}`;
  return '';
};

/** One list of patterns: a list, of paths, not too many. */
const checkList = (key: string, v: unknown, out: Problem[]): void => {
  const name = LIST_NAMES[key];
  const path = `showOn.${key}`;
  if (v == null) return;
  if (!Array.isArray(v)) {
    add(out, path, `${name} must be a list of paths such as /blog/*, not ${shown(v)}.`);
    return;
  }
  if (v.length > PATTERNS_MAX)
    add(out, path, `${name} has ${fmt(v.length)} paths: keep it to ${fmt(PATTERNS_MAX)}; * covers many at once.`);
  v.forEach((p, i) => {
    const why = patternProblem(p);
    if (why) add(out, `${path}[${i}]`, `${name} path ${i + 1} ${why}.`);
  });
};

/** What the loader's judging would misread in `showOn` (absent: no rules, the popup shows everywhere). */
export const checkShowOn = (v: unknown, out: Problem[]): void => {
  if (v == null) return;
  if (typeof v !== 'object' || Array.isArray(v)) {
    add(out, 'showOn', `Display rules must be an object of include, exclude and devices, not ${shown(v)}.`);
    return;
  }
  const r = obj(v);
  for (const k of Object.keys(r))
    if (!KEYS.includes(k))
      add(
        out,
        `showOn.${k}`,
        `Display rules have no ${shown(k)} (only include, exclude and devices): it would be ignored.`,
      );
  checkList('include', r.include, out);
  checkList('exclude', r.exclude, out);
  if (r.devices != null && !DEVICES.includes(r.devices as (typeof DEVICES)[number]))
    add(out, 'showOn.devices', `Devices must be all, desktop or mobile, not ${shown(r.devices)}.`);
  // Rules that hide the form everywhere: the owner meant something else (Show this form to visitors says so).
  const exclude = Array.isArray(r.exclude) ? r.exclude : [];
  exclude.forEach((p, i) => {
    if (typeof p === 'string' && /^\*+$/.test(p.trim()))
      add(
        out,
        `showOn.exclude[${i}]`,
        'Hide on * hides the form on every page: to stop showing it, turn off Show this form to visitors.',
      );
    else if (Array.isArray(r.include) && r.include.includes(p) && typeof p === 'string' && p.trim())
      add(out, `showOn.exclude[${i}]`, `${shown(p)} is in both Show on and Hide on: Hide on wins, so remove one.`);
  });
};
