/**
 * The provider's powered-by badge (issue 33 item 5), over real HTTP on both stores: every form-settings answer names
 * this provider as its operator set it (by default "Powered by" its public host, linking there), or carries
 * poweredBy false; a badge link that is not http(s) stops the provider before it starts, from the options or from
 * the environment (PROVIDER_BADGE, PROVIDER_BADGE_TEXT, PROVIDER_BADGE_URL) of npm start.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startProvider, type Provider, type ProviderOptions } from '../../src/server/app';
import { badgeFromEnv } from '../../src/server/site';
import { call, callQuery, form, freshTarget, startTest, type TestTarget } from './helpers';
import { runMain, startMain } from './processes';

let dir = '';
let place: TestTarget;
test.before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'studio-badge-'));
  place = await freshTarget(join(dir, 'data'));
});
test.after(async () => {
  await place?.drop();
  rmSync(dir, { recursive: true, force: true });
});

const start = (o: Partial<ProviderOptions> = {}) =>
  startProvider({ ...place.options, distDir: join(dir, 'dist'), quiet: true, rateLimit: false, ...o });

const settingsOf = async (p: Provider, key: string) =>
  (await call(p.origin, 'form-settings', callQuery(form(key)))).data;

test(`the badge: by default "Powered by" this provider's host, linking to it; the operator's text and link; or \
off (poweredBy false); a link that is not http(s) refuses to start`, async () => {
  const cases: [Partial<ProviderOptions>, (origin: string) => unknown][] = [
    [{}, (o) => ({ text: `Powered by ${new URL(o).host}`, url: `${o}/` })],
    [
      { mode: 'production', publicUrl: 'https://list.example.com', ownerSecret: 'studio-owner-secret-7Hq2-vX9p-0123' },
      () => ({ text: 'Powered by list.example.com', url: 'https://list.example.com/' }),
    ],
    [
      { badge: { text: '  Run by Ada  ', url: 'https://ada.example/about' } },
      () => ({ text: 'Run by Ada', url: 'https://ada.example/about' }),
    ],
    [{ badge: { text: 'Only the text' } }, (o) => ({ text: 'Only the text', url: `${o}/` })],
    [{ badge: false }, () => false],
  ];
  for (const [opts, want] of cases) {
    const p = await startTest(opts);
    try {
      for (const key of ['modal', 'gdpr'])
        assert.equal((await settingsOf(p, key)).poweredBy, want(p.origin), JSON.stringify(opts));
    } finally {
      await p.cleanup();
    }
  }
  for (const badge of [
    { url: 'javascript:alert(1)' },
    { url: 'list.example.com' },
    { url: 'https://user:pw@ada.example/' },
    { text: ' ' },
    { text: 'x'.repeat(81) },
    { text: 'two\nlines' },
  ]) {
    const err = await start({ badge }).then(
      (s) => s.close().then(() => null),
      (e: Error) => e,
    );
    assert.match(String(err?.message), /PROVIDER_BADGE_(TEXT|URL)/, JSON.stringify(badge));
  }
});

test('the badge from the environment: PROVIDER_BADGE=off, PROVIDER_BADGE_TEXT and PROVIDER_BADGE_URL', async () => {
  assert.is(badgeFromEnv({}), undefined);
  assert.is(badgeFromEnv({ PROVIDER_BADGE: 'off' }), false);
  assert.is(badgeFromEnv({ PROVIDER_BADGE: 'on' }), undefined);
  assert.equal(badgeFromEnv({ PROVIDER_BADGE_TEXT: 'Ada', PROVIDER_BADGE_URL: '' }), { text: 'Ada', url: undefined });
  assert.throws(() => badgeFromEnv({ PROVIDER_BADGE: 'hidden' }), /PROVIDER_BADGE must be one of/);
  // npm start reads them once: a bad link stops it before it serves; good ones reach the settings answers.
  const base = { PORT: '0', PROVIDER_MODE: '', PROVIDER_PUBLIC_URL: '', PROVIDER_OWNER_SECRET: '', ...place.env };
  const bad = await runMain('main.mjs', { ...base, PROVIDER_BADGE: '', PROVIDER_BADGE_URL: 'javascript:alert(1)' });
  assert.ok(bad.code !== 0);
  assert.match(bad.out, /PROVIDER_BADGE_URL must be an http\(s\) URL/);
  assert.not.match(bad.out, /listening on/);
  const main = startMain({
    ...base,
    PROVIDER_BADGE: '',
    PROVIDER_BADGE_TEXT: 'Run by Ada',
    PROVIDER_BADGE_URL: 'https://ada.example/',
  });
  try {
    const origin = (await main.until(/listening on (http:\/\/\S+)/, 'the banner'))[1];
    assert.equal((await call(origin, 'form-settings', callQuery(form('modal')))).data.poweredBy, {
      text: 'Run by Ada',
      url: 'https://ada.example/',
    });
  } finally {
    main.child.kill('SIGTERM');
    await main.exit;
  }
});

test.run();
