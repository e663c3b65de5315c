/**
 * Display rules in the studio (issue 36 part 1): the owner adds paths to Show on and Hide on and picks the devices,
 * each control with its visible label; a pattern the form model refuses is refused next to its input as it is typed
 * (aria-invalid, aria-describedby) and the save refused with it; good rules are saved as the API stores them, and
 * rules that say nothing are removed whole.
 */
import * as assert from 'uvu/assert';
import type { Page } from 'playwright-core';
import { checkSettings } from '../../src/form-model/check';
import { demoForm } from '../../src/server/seed/forms';
import { axe } from './harness';
import {
  clean,
  control,
  gainsFocus,
  openWatched,
  saveButton,
  saysLive,
  signIn,
  studioProvider,
  studioSuite,
} from './studio-env';

const { T, ctx } = studioSuite('studio: display rules');

const F = demoForm('modal')!;

/** The problem said under a control, through its aria-describedby. */
const problemOf = (page: Page, label: string) =>
  control(page, label).evaluate((el) =>
    (el.getAttribute('aria-describedby') || '')
      .split(' ')
      .map((id) => document.getElementById(id))
      .filter((n) => n?.classList.contains('problem'))
      .map((n) => n!.textContent)
      .join(' '),
  );

/** The form's display rules as the API has them now. */
const storedRules = async (page: Page, origin: string) =>
  (await (await page.request.get(`${origin}/owner/api/forms/${F.lid}/${F.fId}`)).json()).settings.showOn;

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

T('edit Show on, Hide on and Devices; a pattern that is no path refused beside it; saved; emptied away', async () => {
  const p = await studioProvider(ctx);
  const w = await openWatched(ctx);
  const { page } = w;
  try {
    await signIn(page, p, `/studio/forms/${F.lid}/${F.fId}`);
    await saveButton(page).waitFor();
    await button(page, 'Add path to Show on').click();
    // Focus moves to the new input, labelled with its place.
    assert.ok(await gainsFocus(control(page, 'Show on path 1')), 'focus on the new path');
    await page.keyboard.type('blog/*');
    const want = checkSettings({ ...F.settings, showOn: { include: ['blog/*'] } });
    assert.equal(
      want.map((x) => x.path),
      ['showOn.include[0]'],
    );
    assert.is(await control(page, 'Show on path 1').getAttribute('aria-invalid'), 'true');
    assert.is(await problemOf(page, 'Show on path 1'), want[0].message);
    assert.match(want[0].message, /^Show on path 1 must start with \//);
    await saveButton(page).click();
    assert.is(await saysLive(page, /^Refused/), `Refused: 1 problem to fix first. ${want[0].message}`);
    assert.is(await storedRules(page, p.origin), undefined, 'nothing stored');

    await control(page, 'Show on path 1').fill('/blog/*');
    assert.is(await control(page, 'Show on path 1').getAttribute('aria-invalid'), null);
    await button(page, 'Add path to Hide on').click();
    await control(page, 'Hide on path 1').fill('/blog/private*');
    await control(page, 'Devices').selectOption({ label: 'Phones only (the mobile view: at most Max width − 20 px)' });
    // A refused path beside good ones: the controls and their problem pass axe.
    await button(page, 'Add path to Hide on').click();
    await control(page, 'Hide on path 2').fill('https://shop.test/x');
    assert.match(await problemOf(page, 'Hide on path 2'), /^Hide on path 2 is an address, not a path/);
    assert.equal(
      (await axe(page)).map((v) => `${v.id} ${v.targets.join(' ')}`),
      [],
    );
    await button(page, 'Remove Hide on path 2').click();
    await saveButton(page).click();
    await saysLive(page, /^Saved\./);
    assert.equal(await storedRules(page, p.origin), {
      include: ['/blog/*'],
      exclude: ['/blog/private*'],
      devices: 'mobile',
    });

    // Removed one by one, and All devices: no rules left, no showOn saved.
    await button(page, 'Remove Show on path 1').click();
    await button(page, 'Remove Hide on path 1').click();
    await control(page, 'Devices').selectOption('all');
    await saveButton(page).click();
    // The live region may still say the first save's words: the stored form is what is waited for.
    await page.waitForFunction(
      async ([o, lid, fId]) =>
        !('showOn' in (await (await fetch(`${o}/owner/api/forms/${lid}/${fId}`)).json()).settings),
      [p.origin, F.lid, F.fId] as const,
      { polling: 100, timeout: 15000 },
    );
    clean(w, 'display rules');
  } finally {
    await w.context.close();
    await p.close();
  }
});

T.run();
