/**
 * The way from embed-extras.js to embed-rules.js (issue 36 part 1; docs/decisions/display-rules.md): the loader hands
 * settings that carry display rules to embed-extras.js whatever their trigger, and it arms them through the rules'
 * gate, fetched beside it for them only.
 */
import { addScript } from '../browser/script';
import { shared } from '../browser/shared';
import type { ArmEvent, RawSettings } from '../types';

/** embed-rules.js, beside this file (read while it runs: currentScript is set only then). */
const RULES = (document.currentScript as HTMLScriptElement).src.replace(/[^/]*$/, 'embed-rules.js');

/**
 * Arms the trigger of settings `s` through embed-rules.js, fetched the first time; returns what disarms it, also
 * before the file has come. If it fails to come, nothing is armed: the popup shows nowhere rather than where the rules
 * leave it out.
 */
export const withRules = (s: RawSettings, fire: () => void, ahead: (() => void) | undefined, armEvent: ArmEvent) => {
  let over: unknown;
  let off = () => {};
  // onload: the file ran, so shared.lr is set.
  const go = () => over || (off = shared.lr!.arm(s, fire, ahead, armEvent));
  if (shared.lr) go();
  else addScript(RULES).onload = go;
  return () => {
    over = 1;
    off();
  };
};
