/**
 * The live preview's engine (docs/decisions/preview-and-stage.md: the real popup.js in preview mode, re-rendered on
 * every change before anything is saved). The stage is a same-origin frame on `/studio/stage?v=&lang=&dir=` running
 * popup.js of the settings' version; each render calls its `mount(params, settings)` (spec 6 isPreview: no server
 * calls, simulated success, closing rebuilds), a little after the last change. Another popup version loads the stage
 * again; a stage navigated away (a link aimed at it, an error page) is unreadable and replaced by a new frame, so that
 * the page's history keeps no entry of it; a new frame that is unreadable too is reported, not replaced again.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { LoaderParams, RawSettings, Shared } from '../types';
import { stageUrl, stageVersion } from './preview';
import { watchStage } from './stage-frames';

/** Milliseconds after the last change before the popup is mounted again: one render per burst of typing. */
export const RENDER_DELAY_MS = 150;

export interface StageInput {
  stage: string;
  globalKey: string;
  params: LoaderParams;
  settings: RawSettings;
  /** Changes of these mount again too (the width: the popup reads the viewport when it mounts). */
  view: string;
  lang: string;
  dir: 'ltr' | 'rtl';
  /** Said in the studio's live region: what a text-to-join link would have done. */
  onNote: (note: string) => void;
}

export interface StageState {
  /** Changes when the frame is replaced: the frame element's key. */
  frame: number;
  src: string;
  ref: { current: HTMLIFrameElement | null };
  onLoad: () => void;
  /** What the last render did, or why it could not. */
  status: { text: string; bad: boolean };
}

export function useStage(input: StageInput): StageState {
  const ref = useRef<HTMLIFrameElement | null>(null);
  const latest = useRef(input);
  latest.current = input;
  const version = stageVersion(input.settings);
  const [frame, setFrame] = useState(0);
  const [src, setSrc] = useState(() => stageUrl(input.stage, version, input.lang, input.dir));
  const [status, setStatus] = useState({ text: 'Loading the preview…', bad: false });
  /** The stage address that has loaded into the current frame ('' while loading). */
  const loaded = useRef('');
  /** Set by a replacement until a render reaches the new frame. */
  const rebuilding = useRef(false);

  const render = useCallback(() => {
    const i = latest.current;
    const want = stageUrl(i.stage, stageVersion(i.settings), i.lang, i.dir);
    const f = ref.current;
    if (!f || !loaded.current) return;
    if (!sameVersion(loaded.current, want)) {
      // Another popup version: a new frame too (a new address in the same frame would be a history entry).
      loaded.current = '';
      setSrc(want);
      setFrame((n) => n + 1);
      return;
    }
    const doc = f.contentDocument;
    if (!doc) {
      if (rebuilding.current) {
        rebuilding.current = false;
        setStatus({ text: 'The preview stage did not load: is the provider running? Reload the page.', bad: true });
        return;
      }
      rebuilding.current = true;
      loaded.current = '';
      setSrc(want);
      setFrame((n) => n + 1);
      return;
    }
    rebuilding.current = false;
    setStatus(mountIn(doc, f.contentWindow, i));
  }, []);

  const onLoad = useCallback(() => {
    loaded.current = ref.current?.getAttribute('src') || '';
    render();
  }, [render]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: render reads them through `latest`; a change renders again
  useEffect(() => {
    const t = setTimeout(render, RENDER_DELAY_MS);
    return () => clearTimeout(t);
  }, [render, input.settings, input.view, input.lang, input.dir, version]);

  return { frame, src, ref, onLoad, status };
}

/** Whether two stage addresses run the same popup version (the language and direction are set in place). */
const sameVersion = (a: string, b: string): boolean =>
  new URL(a, 'http://x').searchParams.get('v') === new URL(b, 'http://x').searchParams.get('v');

/** Mounts the settings in the stage document `doc`, in the page language and direction asked; says what it did. */
function mountIn(doc: Document, w: Window | null, i: StageInput): { text: string; bad: boolean } {
  watchStage(doc, i.onNote);
  // The page the popup shows over speaks the chosen language in the chosen direction: its frames read them there.
  doc.documentElement.lang = i.lang;
  doc.documentElement.dir = i.dir;
  const shared = w && ((w as unknown as Record<string, unknown>)[i.globalKey] as Shared | undefined);
  if (!shared?.mount)
    return { text: 'popup.js did not load in the preview stage: reload the page to try again.', bad: true };
  try {
    shared.mount(i.params, i.settings);
    return { text: 'The preview shows your draft.', bad: false };
  } catch (e) {
    return { text: `The popup failed: ${(e as Error).message}`, bad: true };
  }
}
