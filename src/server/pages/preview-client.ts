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
  const stage = $<HTMLIFrameElement>('stage');
  let form = data.forms.find((f) => f.key === data.initial) || data.forms[0];
  let version = '';
  let timer = 0;

  const say = (text: string, bad = false) => {
    status.textContent = text;
    status.className = bad ? 'bad' : '';
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

  const render = () => {
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
      stage.onload = () => render();
      stage.src = `/preview/stage?v=${encodeURIComponent(v)}`;
      return;
    }
    const w = stage.contentWindow as (Window & Record<string, unknown>) | null;
    const shared = w && (w[data.globalKey] as { mount?: (p: LoaderParams, s: RawSettings) => void } | undefined);
    if (!shared || !shared.mount) {
      say('popup.js is not built yet or failed to load: run `node build.mjs`, then reload.', true);
      return;
    }
    try {
      shared.mount(params(), s);
      say(
        `Rendered ${form.title}, ${String(s.modalVariation || 'modal')}, ` +
          `template ${String(s.template || 1)}${phone.checked ? ', phone width' : ''}.`,
      );
    } catch (e) {
      say(`The popup failed: ${(e as Error).message}`, true);
    }
  };

  const load = () => {
    json.value = JSON.stringify(form.settings, null, 2);
    history.replaceState(null, '', `?form=${encodeURIComponent(form.key)}`);
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
    stage.style.width = phone.checked ? '375px' : '100%';
    stage.style.height = phone.checked ? '667px' : '640px';
    // The popup reads the viewport when it mounts: mount again at the new width.
    setTimeout(render, 50);
  };
  json.oninput = () => {
    clearTimeout(timer);
    timer = window.setTimeout(render, 250);
  };
  $<HTMLButtonElement>('reset').onclick = load;
  load();
}
