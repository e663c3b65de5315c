// Debian's Chromium and the flags this machine needs, for the browser tests, the bench and the runner that starts
// one Chromium per browser worker (test/run.mjs). Plain JavaScript: the runner is not bundled.

/** Debian's Chromium; the runner skips or fails the browser layer when it is missing. */
export const CHROMIUM = '/usr/bin/chromium';

/** The flags this machine needs (closed network, no sandbox as root), for every Chromium the tests and bench start. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-quic',
  '--no-first-run',
  '--disable-sync',
];

/**
 * The variable through which the runner hands a browser test file the Chromium its worker started (a playwright
 * browser server's address): `launch()` in harness.ts connects to it instead of starting one of its own.
 */
export const SHARED_BROWSER = 'TEST_BROWSER_WS';
