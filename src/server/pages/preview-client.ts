/**
 * The owner preview's script, type-checked here and shipped inline as this function's source (it references
 * nothing outside itself). It mounts the popup inside the stage frame through popup.js's mount API (spec 6
 * isPreview: no server calls) and re-renders on every change of the settings text, the variant, template or width.
 */
import type { LoaderParams, RawSettings } from '../../types';

/** What the page hands the script. */
export interface PreviewData {
  forms: { key: string; title: string; uuid: string; lid: string; fId: string; settings: RawSettings }[];
  initial: string;
  globalKey: string;
  /** The stage's language tag and direction to start with, already validated by the server (preview.ts). */
  lang: string;
  dir: 'ltr' | 'rtl';
  /** The pattern a language tag must match (preview.ts LANG_TAG), so the page and the server judge alike. */
  langPattern: string;
  /** The longest language tag taken. */
  langMax: number;
}

/** Runs in the preview page. */
export function previewClient(data: PreviewData): void {
  const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
  const pick = $<HTMLSelectElement>('form');
  const variant = $<HTMLSelectElement>('variant');
  const template = $<HTMLSelectElement>('template');
  const phone = $<HTMLInputElement>('phone');
  const json = $<HTMLTextAreaElement>('json');
  const status = $<HTMLElement>('status');
  const lang = $<HTMLInputElement>('lang');
  const dir = $<HTMLSelectElement>('dir');
  // Not const: a stage that left the preview is replaced by a new frame (rebuild).
  let stage = $<HTMLIFrameElement>('stage');
  let form = data.forms.find((f) => f.key === data.initial) || data.forms[0];
  let version = '';
  let timer = 0;
  let stageLang = data.lang;
  let stageDir = data.dir;
  // Set by a rebuild until a render reaches the new stage: a rebuilt stage that is unreadable too is reported, not
  // rebuilt again (no loop while the server is away).
  let rebuilding = false;
  const langTag = RegExp(data.langPattern);

  const say = (text: string, bad = false) => {
    status.textContent = text;
    status.className = bad ? 'bad' : '';
  };

  /** The stage's address: its popup version, and the language and direction of its <html> (preview.ts stagePage). */
  const stageUrl = () =>
    `/preview/stage?v=${encodeURIComponent(version)}&lang=${encodeURIComponent(stageLang)}&dir=${stageDir}`;

  const sizeStage = () => {
    stage.style.width = phone.checked ? '375px' : '100%';
    stage.style.height = phone.checked ? '667px' : '640px';
  };

  const loadStage = () => {
    stage.onload = () => render(true);
    stage.src = stageUrl();
  };

  /**
   * A new stage frame in place of one that left the preview: a fresh frame rather than a new address for the old
   * one, so that the page's history keeps no entry of the error page (Back would show it again).
   */
  const rebuild = () => {
    const fresh = document.createElement('iframe');
    fresh.id = stage.id;
    fresh.title = stage.title;
    stage.replaceWith(fresh);
    stage = fresh;
    sizeStage();
    loadStage();
  };

  /**
   * Text-to-join in the preview (spec 6: no call, simulated). The popup's 'Join via text' is an sms: link aimed at
   * its parent, here the stage: followed, this page's frame-src refuses it and the stage becomes an error page.
   * A capture listener in each popup frame's window cancels any sms: link and says instead what a visitor's phone
   * would do; the popup's own handler still runs (it closes the modal, spec 4.4).
   */
  const onLink = (e: MouseEvent) => {
    // Elements of the popup frame's realm: no instanceof, only what every element has.
    const a = (e.target as Element | null)?.closest?.('a[href]');
    const href = (a && a.getAttribute('href')) || '';
    if (!/^sms:/i.test(href)) return;
    e.preventDefault();
    const [to, query] = href.slice(4).split('?');
    const body = new URLSearchParams(query || '').get('body');
    let number = to;
    try {
      number = decodeURIComponent(to);
    } catch {
      // A malformed escape: the number as written.
    }
    // Named by its own words ('Join via text', or an owner's sms: link), set as text: nothing here is parsed as HTML.
    const name = (a?.textContent || '').trim() || 'This text link';
    say(
      `${name}: on a visitor's phone this opens their messaging app with a text to ${number || '(no number)'}` +
        `${body ? ` saying ${body}` : ''}. The preview sends nothing.`,
    );
  };

  const armed = new WeakSet<HTMLIFrameElement>();
  /**
   * Listens in a popup frame's window; again after each change of its document (its srcdoc document replaces the
   * initial about:blank one).
   */
  const armFrame = (f: HTMLIFrameElement) => {
    if (armed.has(f)) return;
    armed.add(f);
    const arm = () => {
      const w = f.contentWindow;
      // addEventListener ignores a listener already there: arming again is harmless.
      w?.addEventListener('click', onLink, true);
      w?.addEventListener('auxclick', onLink, true);
    };
    arm();
    f.addEventListener('load', arm);
    if (f.contentDocument) new MutationObserver(arm).observe(f.contentDocument, { childList: true, subtree: true });
  };

  const watched = new WeakSet<Document>();
  /** Arms every frame the popup adds to the stage document `doc` (once per stage document). */
  const watchStage = (doc: Document) => {
    if (watched.has(doc)) return;
    watched.add(doc);
    const scan = () => {
      for (const f of doc.querySelectorAll('iframe')) armFrame(f);
    };
    scan();
    new MutationObserver(scan).observe(doc, { childList: true, subtree: true });
  };

  const params = (): LoaderParams => ({
    baseUrl: location.host,
    uuid: form.uuid,
    lid: form.lid,
    fId: form.fId,
    dev: false,
    uniqueMethods: false,
    ignoreCookie: true,
    isPreview: true,
    cdn: location.origin + '/',
  });

  /** Mounts the settings text in the stage; `fromStage` when the stage's own load asks. */
  const render = (fromStage = false) => {
    let s: RawSettings;
    try {
      const parsed: unknown = JSON.parse(json.value);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
        throw Error('the settings must be a JSON object');
      s = parsed as RawSettings;
    } catch (e) {
      say(`Not rendered: ${(e as Error).message}`, true);
      return;
    }
    variant.value = String(s.modalVariation || 'modal');
    template.value = String(s.template || 1);
    const v = /^\d+(\.\d+)*$/.test(String(s.version)) ? String(s.version) : '1.0';
    if (v !== version) {
      // Another popup version is another script: reload the stage with it, then mount.
      version = v;
      loadStage();
      return;
    }
    // Null when the stage holds a document this page cannot read: it was navigated off the preview (a link aimed at
    // it, an error page). Reading its window then throws; a new stage is the way back.
    const doc = stage.contentDocument;
    if (!doc) {
      if (fromStage && rebuilding) {
        rebuilding = false;
        say('The preview stage did not load: is the provider running? Reload the page to try again.', true);
        return;
      }
      rebuilding = true;
      say('The preview stage was navigated away: loading it again.');
      rebuild();
      return;
    }
    rebuilding = false;
    watchStage(doc);
    // The page the popup shows over speaks the chosen language in the chosen direction: its frames read them there.
    doc.documentElement.lang = stageLang;
    doc.documentElement.dir = stageDir;
    const w = stage.contentWindow as (Window & Record<string, unknown>) | null;
    const shared = w && (w[data.globalKey] as { mount?: (p: LoaderParams, s: RawSettings) => void } | undefined);
    if (!shared || !shared.mount) {
      say('popup.js is not built yet or failed to load: run `node build.mjs`, then reload.', true);
      return;
    }
    try {
      shared.mount(params(), s);
      const page = stageLang === 'en' && stageDir === 'ltr' ? '' : `, page ${stageLang} ${stageDir}`;
      say(
        `Rendered ${form.title}, ${String(s.modalVariation || 'modal')}, ` +
          `template ${String(s.template || 1)}${phone.checked ? ', phone width' : ''}${page}.`,
      );
    } catch (e) {
      say(`The popup failed: ${(e as Error).message}`, true);
    }
  };

  /** The page's own address names the form, and the stage's language and direction when not the defaults. */
  const remember = () => {
    const q = new URLSearchParams({ form: form.key });
    if (stageLang !== 'en' || stageDir !== 'ltr') {
      q.set('lang', stageLang);
      q.set('dir', stageDir);
    }
    history.replaceState(null, '', `?${q}`);
  };

  const load = () => {
    json.value = JSON.stringify(form.settings, null, 2);
    remember();
    render();
  };

  /** Takes the language and direction controls, once the tag is one (the server checks the stage's query too). */
  const setPage = () => {
    const tag = lang.value.trim();
    if (tag.length > data.langMax || !langTag.test(tag)) {
      lang.setAttribute('aria-invalid', 'true');
      say(`Not a language tag: ${tag || '(empty)'}. Use one such as en, fr-CA or ar.`, true);
      return;
    }
    lang.removeAttribute('aria-invalid');
    stageLang = tag;
    stageDir = dir.value === 'rtl' ? 'rtl' : 'ltr';
    remember();
    render();
  };

  /** Rewrites one key of the settings text, then renders. */
  const setKey = (k: string, v: unknown) => {
    try {
      const s = JSON.parse(json.value) as RawSettings;
      s[k] = v;
      json.value = JSON.stringify(s, null, 2);
    } catch {
      say('Fix the JSON first: the switches edit it.', true);
      return;
    }
    render();
  };

  for (const f of data.forms) pick.add(new Option(f.title, f.key, false, f === form));
  pick.onchange = () => {
    form = data.forms.find((f) => f.key === pick.value) || form;
    load();
  };
  variant.onchange = () => setKey('modalVariation', variant.value);
  template.onchange = () => setKey('template', Number(template.value));
  phone.onchange = () => {
    sizeStage();
    // The popup reads the viewport when it mounts: mount again at the new width.
    setTimeout(() => render(), 50);
  };
  lang.value = stageLang;
  dir.value = stageDir;
  lang.onchange = setPage;
  dir.onchange = setPage;
  json.oninput = () => {
    clearTimeout(timer);
    timer = window.setTimeout(() => render(), 250);
  };
  $<HTMLButtonElement>('reset').onclick = load;
  load();
}
