/**
 * Mounting and closing the popup (spec 4.2, 4.3, 6): the server's cookies set, the banner or the modal placed in its
 * own frame, Escape heard in the host page and in the frames, focus moved in and returned, the host page made inert
 * and unscrollable behind the modal, and everything undone on close. One popup at a time: mounting again (the owner
 * preview does, on every change) replaces the one on the page.
 */
import { render } from 'react-dom';
import { BANNER_FRAME_TITLE, BANNER_MEASURE_MS, CLOSE_ANIMATION_MS, COOKIE_CLOSED, FRAME_TITLE } from '../constants';
import { setCookie } from '../browser/cookies';
import type { LoaderParams, RawSettings } from '../types';
import { animatesOut, closedCookieMs, setsClosedCookie } from './closing';
import { inertHost, tabbables, trapTab } from './focus';
import { needsExtras } from '../form-model/place';
import { extra, loadExtras } from './form/lazy';
import { previewTransport, providerTransport } from './form/transport';
import { Modal } from './Modal';
import { addPiece, type Piece } from './piece';
import { BANNER_PLACE, firstPiece, isModal, modalPlace } from './place';
import { isMobile, normalize, type Settings } from './settings';
import { BANNER_SHEETS, modalSheets, sheetBase } from './sheets';
import { themeClasses, themeVars } from './theme';

const Banner = extra('Banner');

/** The banner's own viewport (spec 2.2): no user scaling, inside its frame only; the host page's zoom is untouched. */
const BANNER_VIEWPORT = 'width=device-width,initial-scale=1,maximum-scale=1';

/** Tears down the popup on the page, if any. */
let current: (() => void) | null = null;

/** Unmounts the popup on the page at once, without setting a cookie. */
export const unmount = (): void => {
  if (current) current();
  current = null;
};

/**
 * Mounts the popup for these parameters and raw settings, replacing any popup on the page. Never throws into the
 * host page: a failure leaves nothing on the page and one console warning.
 */
export const mount = (p: LoaderParams, raw: RawSettings): void => {
  unmount();
  try {
    const s = normalize(raw);
    if (s.cookies && !p.isPreview) loadExtras().then((x) => x && x.setServerCookies(s.cookies));
    open(p, s, raw);
  } catch (e) {
    unmount();
    console.warn('signup popup:', e);
  }
};

/** Opens the first piece (spec 4.2). */
const open = (p: LoaderParams, s: Settings, raw: RawSettings) => {
  const win = window;
  const doc = document;
  const html = doc.documentElement;
  const reduced = () => win.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const mobile = () => isMobile(s, win.innerWidth);
  const base = sheetBase(p, s);
  const returnTo = doc.activeElement as HTMLElement | null;
  const undo: (() => void)[] = [];
  // The owner preview submits nowhere (spec 4.6): chosen once here, the form never asks.
  const transport = p.isPreview ? previewTransport : providerTransport(p, s.captcha);
  let closed = false;
  const teardown = () => {
    closed = true;
    while (undo.length) undo.pop()!();
  };
  current = teardown;
  /** Adds a listener that teardown removes. */
  const listen = <E extends Event>(t: EventTarget, type: string, f: (e: E) => void) => {
    t.addEventListener(type, f as EventListener);
    undo.push(() => t.removeEventListener(type, f as EventListener));
  };

  /** Closing (spec 4.3): the cookie, the animation out, removal, overflow and focus restored; preview reopens. */
  const close = () => {
    if (closed) return;
    closed = true;
    if (setsClosedCookie(p.isPreview, location.hostname, p.baseUrl)) setCookie(COOKIE_CLOSED, '1', closedCookieMs(s));
    const out = modal && animatesOut(s, reduced()) ? CLOSE_ANIMATION_MS : 0;
    if (out) modal!.doc.documentElement.classList.add('mc-out');
    setTimeout(() => {
      if (current == teardown) current = null;
      while (undo.length) undo.pop()!();
      if (returnTo && returnTo.isConnected) returnTo.focus();
      if (p.isPreview) mount(p, raw);
    }, out);
  };

  const onKey = (e: KeyboardEvent) => {
    if (e.key == 'Escape') close();
    else if (modal && isModal(s.variation)) trapTab(e, modal.doc.body);
  };
  listen(doc, 'keydown', onKey);

  let modal: Piece | null = null;
  const frameFor = (title: string, sheets: string[], place: Record<string, string>, viewport?: string) => {
    const piece = addPiece({
      title,
      sheets: sheets.map((f) => base + f),
      place,
      vars: themeVars(s),
      classes: themeClasses(s, mobile()),
      viewport,
      onKey,
    });
    undo.push(() => {
      render(null, piece.doc.body);
      piece.remove();
    });
    return piece;
  };

  const openModal = () => {
    const m = (modal = frameFor(FRAME_TITLE, modalSheets(s), modalPlace(s.variation, mobile())));
    const fits = !isModal(s.variation);
    const fit = () => {
      const root = m.doc.querySelector('.mc-root');
      if (fits && root) m.fit(Math.ceil(root.getBoundingClientRect().height));
    };
    const draw = () =>
      // biome-ignore lint/correctness/noRenderReturnValue: the arrow's value is never read; a block body costs bytes
      render(<Modal s={s} p={p} transport={transport} mobile={mobile()} onClose={close} onResize={fit} />, m.doc.body);
    draw();
    // A resize can cross the mobile-view line (spec 9.3): classes, placement and the form follow it.
    const onResize = () => {
      m.doc.documentElement.classList.toggle('mc-mobile', mobile());
      for (const [k, v] of Object.entries(modalPlace(s.variation, mobile()))) m.frame.style.setProperty(k, v);
      draw();
      fit();
    };
    listen(win, 'resize', onResize);
    if (isModal(s.variation)) {
      // The host page behind a modal dialog neither scrolls nor takes focus or clicks; both come back on close.
      const overflow = html.style.getPropertyValue('overflow');
      const priority = html.style.getPropertyPriority('overflow');
      html.style.setProperty('overflow', 'hidden');
      undo.push(() => html.style.setProperty('overflow', overflow, priority));
      undo.push(inertHost(doc, [m.frame]));
    }
    // The form's extras (src/popup/form/extras.ts) load beside the stylesheets; the modal shows when both are in.
    // Without them the form would lack fields it requires: then nothing shows, as when popup.js itself fails.
    const need = needsExtras(s.placement);
    Promise.all([m.ready, need && loadExtras()]).then(([, x]) => {
      if (closed) return;
      if (need && x === undefined) return teardown();
      draw();
      m.show();
      fit();
      // Focus moves into a modal dialog; a slide-in or fixed bar does not take focus from the reader's place.
      if (isModal(s.variation)) {
        const dialog = m.doc.querySelector<HTMLElement>('.mc-dialog');
        // The first field, not the close control, so a keyboard user can type at once; the dialog when it has none.
        const first = dialog && tabbables(dialog).find((el) => !el.classList.contains('mc-close'));
        m.frame.focus();
        (first || dialog || m.frame).focus();
      }
    });
  };

  if (firstPiece(s.mobileBanner, mobile()) == 'modal') return openModal();

  // The banner (spec 2.2, 4.2): its call to action swaps it for the modal; its close closes the popup. It comes with
  // form-extras.js (only phones with useMobileBanner see it), so its frame is made once that has loaded: no frame
  // stands empty on the page meanwhile.
  loadExtras().then((x) => {
    if (closed) return;
    // Without form-extras.js there is no banner: the modal opens instead, if its form can do without them.
    if (!x) return openModal();
    const b = frameFor(BANNER_FRAME_TITLE, BANNER_SHEETS, BANNER_PLACE, BANNER_VIEWPORT);
    const measure = () => b.fit(Math.ceil(b.doc.body.getBoundingClientRect().height));
    const toModal = () => {
      render(null, b.doc.body);
      b.remove();
      openModal();
    };
    render(<Banner s={s} onOpen={toModal} onClose={close} />, b.doc.body);
    // Spec 9.1: the height is recalculated 500 ms after the stylesheets load, and on every resize.
    listen(win, 'resize', measure);
    b.ready.then(() => {
      if (closed) return;
      measure();
      b.show();
      const t = setTimeout(measure, BANNER_MEASURE_MS);
      undo.push(() => clearTimeout(t));
    });
  });
};
