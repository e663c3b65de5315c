/**
 * From a path in the draft to the control that edits it: its DOM id, the nearest control a problem of the form
 * model's checks belongs to, and the name the owner reads for it in a list (the difference of two saves, the problems,
 * the accessibility warnings). Pure.
 */
import { CONTROLS } from './catalogue';
import { formatPath, getAt, indices, parsePath, pattern } from './paths';

/** The draft: what a save sends (STUDIO.md PUT) and what the editor changes. */
export interface Draft {
  title: string;
  requireConsent: boolean;
  settings: Record<string, unknown>;
}

/**
 * A key's characters that an id cannot hold, by their code, so that no two keys share an id: a built-in text's
 * English (src/form-model/texts.ts) '(required)' → '_28required_29', apart from the validation message 'required'.
 */
const idChars = (key: string): string => key.replace(/\W/g, (c) => `_${c.charCodeAt(0).toString(16)}`);

/**
 * The DOM id of the control of `path`: 'settings.styles.button.color' → 'c-styles-button-color',
 * 'settings.fields[2].label' → 'c-fields-2-label', 'title' → 'c-title', 'settings.translations["Learn more."]' →
 * 'c-translations-Learn_20more_2e'.
 */
export const controlId = (path: string): string =>
  'c-' +
  parsePath(path.replace(/^settings\./, ''))
    .map((s) => (typeof s === 'number' ? String(s) : idChars(s)))
    .join('-');

/** The id of the line under a control that says its problem (aria-describedby). */
export const problemId = (path: string): string => controlId(path) + '-problem';

/**
 * The path of the control nearest to `path`: itself when it has one, else the closest enclosing path that does
 * ('settings.fields[2].choices[0].value' has its own; 'settings.fields[2].choices' is the choices group;
 * 'settings.styles' has none: ''). '' names the form as a whole (shown beside Save).
 */
export const controlFor = (path: string): string => {
  const steps = parsePath(path);
  for (let n = steps.length; n > 0; n--) {
    const p = formatPath(steps.slice(0, n));
    if (CONTROLS.has(pattern(p))) return p;
  }
  return '';
};

/**
 * A problem's path as a path of the draft: the form model's checks name paths in the settings; a save refused by the
 * server names its own `title`, `requireConsent` and `settings` besides them (STUDIO.md PUT 422).
 */
export const draftPath = (path: string): string =>
  path === 'title' || path === 'requireConsent' || path === 'settings' ? path : path ? 'settings.' + path : 'settings';

/** What the owner calls field `i` of `draft`: 'Field 2 (First Name)'. */
const fieldName = (draft: unknown, i: number): string => {
  const f = getAt(draft, `settings.fields[${i}]`) as Record<string, unknown> | undefined;
  const shown = f && (String(f.label ?? '').trim() || String(f.name ?? '').trim());
  return `Field ${i + 1}${shown ? ` (${shown})` : ''}`;
};

/**
 * The name of the control of `path` (a path `controlFor` gives) as a list shows it: its label, after the field and
 * the choice it belongs to ('Field 2 (First Name): Label', 'Field 3 (Plan): Choice 2: Value'); 'The form' for ''.
 * `draft` names the fields (their labels as they are there).
 */
export const describe = (path: string, draft: unknown): string => {
  if (!path) return 'The form';
  const d = CONTROLS.get(pattern(path));
  if (!d) return path;
  const [field, choice] = indices(path);
  // An item of a list that is no field's (a display rule's path, issue 36): its label and its place.
  if (field !== undefined && !d.path.startsWith('settings.fields')) return `${d.label} ${field + 1}`;
  if (field === undefined || d.path === 'settings.fields') return d.label;
  const head = fieldName(draft, field);
  if (d.path.endsWith('fields[]')) return head;
  const inChoice = d.path.includes('choices[]');
  if (!inChoice || choice === undefined) return `${head}: ${d.label}`;
  const c = `Choice ${choice + 1}`;
  return d.path.endsWith('choices[]') ? `${head}: ${c}` : `${head}: ${c}: ${d.label}`;
};
