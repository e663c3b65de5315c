/**
 * The contract between the loader (embed.js) and the popup (popup.js).
 * The loader parses its parameters once into `LoaderParams`; the popup receives them with the raw settings
 * object as it came from the provider, and normalises that itself (src/popup/settings.ts).
 */

/** The loader's parameters after parsing (spec 3.1), the only shape the rest of the code sees. */
export interface LoaderParams {
  /** Provider host, without scheme: 'list.example.com' or '127.0.0.1:8080'. */
  baseUrl: string;
  /** Account identifier. */
  uuid: string;
  /** List identifier. */
  lid: string;
  /** Form identifier, '' when not given. */
  fId: string;
  /** env 'dev': stylesheets come from the settings' appDomain (spec 7.2). */
  dev: boolean;
  /** popup.js is loaded from the 'unique-methods/' sub-path (spec 3.1). */
  uniqueMethods: boolean;
  /** Show the popup even when the closed or subscribed cookie exists (spec 3.1). */
  ignoreCookie: boolean;
  /** Owner preview: no server calls, simulated success, closing rebuilds (spec 6). */
  isPreview: boolean;
  /** Content host with a trailing slash: where popup.js and the stylesheets live (spec 7.2). */
  cdn: string;
  /**
   * With embed-full.js's `scopeCookies`: `_{lid}[_{fId}]` in word characters, added to the closed and subscribed
   * cookies' names so that two forms on one site keep apart (issue 14.5; src/browser/cookies.ts). '' (embed-full.js
   * without the option) or absent (embed.js): the spec's names (3.8).
   */
  cookieScope?: string;
}

/** The settings object exactly as the provider sent it (spec 3.2); only src/popup/settings.ts reads it. */
export type RawSettings = Record<string, unknown>;

/** A popup's event a counting provider hears by beacon (issue 36 item 2); subscribed it counts itself. */
export type Counted = 'shown' | 'closed';

/** What the loader leaves on `window[GLOBAL_KEY]` for popup.js, and the popup's own entry point. */
export interface Shared {
  /**
   * Set by the first loader that starts, to its parameters: every later start is ignored (spec 4.1 step 4), and the
   * display rules' gate knows by them whether the start it was armed for is still the one (src/loader/rules.ts).
   */
  started?: LoaderParams;
  /**
   * Parameters and settings the loader hands to popup.js before appending it: `show` true when the popup is to show as
   * soon as it is prepared (the trigger fired, or an on-demand open), false when popup.js is only warmed
   * (docs/decisions/work-waits-for-intent.md); the loader sets it true when the trigger fires while popup.js is on its
   * way. popup.js takes it when it runs.
   */
  handoff?: { params: LoaderParams; settings: RawSettings; show: boolean };
  /**
   * Set by popup.js when it runs: the loader's one call once popup.js is on the page (src/popup/mount.tsx `show`):
   * prepares the popup hidden unless one is on the page, and with `reveal` shows it, focus back on close to `opener`,
   * the element that opened it, or with `true` (the trigger) to what has focus then.
   */
  show?: (params: LoaderParams, settings: RawSettings, reveal: boolean, opener?: HTMLElement | true) => void;
  /** Set by popup.js when it runs: prepares and reveals at once (the owner preview, the hardening tests). */
  mount?: (params: LoaderParams, settings: RawSettings) => void;
  /** Set by embed-extras.js when it runs: the loader's parts only some visitors need (src/loader/embed-extras.ts). */
  lx?: LoaderExtras;
  /** Set by embed-rules.js when it runs: the display rules' gate, for settings with `showOn` (src/loader/rules.ts). */
  lr?: LoaderRules;
  /** The popup on the page while it lasts, set by popup.js (src/popup/mount.tsx): the loader's destroy ends it. */
  popup?: PopupHandle;
  /** What popup.js lends form-extras.js and form-actions.js (src/popup/runtime.ts). */
  rt?: unknown;
  /** The components of form-extras.js, once it has run (src/popup/form/form-extras.ts). */
  extras?: unknown;
  /** What form-actions.js provides, once it has run (src/popup/form/actions.ts). */
  fa?: unknown;
  /** The address field's country list, encoded; set by countries.js (src/popup/countries-file.ts). */
  countries?: string;
  /** Set by counts.js when it runs: beacons a counted event of a popup to its provider (src/popup/counts.ts). */
  count?: (params: LoaderParams, event: Counted) => void;
  /** The one Trusted Types policy of every loader copy and popup.js on the page (created once: names are unique). */
  tt?: ScriptUrlPolicy;
}

/** What embed-extras.js gives the loader (src/loader/embed-extras.ts). */
export interface LoaderExtras {
  /** The campaign check (spec 4.1 steps 1–2), src/loader/campaign.ts. */
  checkCampaign(p: LoaderParams, done: () => void): void;
  /**
   * Arms an exit, middle or bottom trigger, calling `ahead` once when the reader is on the way to it
   * (docs/decisions/work-waits-for-intent.md); returns what disarms it (src/loader/triggers.ts). Given the settings
   * instead (they carry display rules, issue 36 part 1), arms their trigger through embed-rules.js (`LoaderRules`).
   */
  arm(trigger: 'exit' | 'middle' | 'bottom' | RawSettings, fire: () => void, ahead?: () => void): () => void;
}

/** Arms an exit, middle or bottom trigger (src/loader/triggers.ts `arm`); returns what disarms it. */
export type ArmEvent = (trigger: 'exit' | 'middle' | 'bottom', fire: () => void, ahead?: () => void) => () => void;

/** What embed-rules.js gives embed-extras.js (src/loader/rules.ts; issue 36 part 1). */
export interface LoaderRules {
  /**
   * Arms the trigger of `settings` gated by their display rules: `warm` (the warm-up) runs only on a page the rules
   * take in, and `fire` only there and while no other overlay shows, waiting until then; after a single-page app's
   * route change the rules are judged again and a popup the new path leaves out is destroyed (no closed cookie).
   * `armEvent` arms an exit, middle or bottom trigger (src/loader/triggers.ts `arm`). Returns what disarms the trigger
   * and ends the waits; the route watch ends with the start (`Shared.started`) or the next gate.
   */
  arm(settings: RawSettings, fire: () => void, warm: (() => void) | undefined, armEvent: ArmEvent): () => void;
}

/**
 * A popup prepared hidden (docs/decisions/popup-session.md): nothing shows, takes focus, holds the host page or sets a
 * cookie before reveal.
 */
export interface PopupHandle {
  /**
   * Shows the popup (spec 4.2), at once when prepared, else as soon as it is. Focus returns to `opener` when the
   * visitor closes (default: what had focus at reveal). Once only; nothing after destroy.
   */
  reveal(opener?: HTMLElement | null): void;
  /** Removes everything the popup added (frames, listeners, timers, inert host, overflow), no cookie. Safe twice. */
  destroy(): void;
}

/**
 * The part of a Trusted Types policy we use: script URLs and the frames' skeleton
 * (TS's DOM library has no Trusted Types yet).
 */
export interface ScriptUrlPolicy {
  createScriptURL(url: string): string;
  createHTML(html: string): string;
}

declare global {
  interface Window {
    __mcsf?: Shared;
    dojoRequire?: (modules: string[], callback: (...modules: unknown[]) => void) => unknown;
    trustedTypes?: { createPolicy(name: string, rules: ScriptUrlPolicy): ScriptUrlPolicy };
  }
}
