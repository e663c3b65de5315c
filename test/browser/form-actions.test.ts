/**
 * form-actions.js (issue 12.5, src/popup/form/actions.ts) on the shipped files in Chromium, against the reference
 * provider: it is not part of the first view (the modal shows, takes focus and closes without it) and comes on the
 * visitor's first press in the form; a blur or a submit before it has arrived waits for it, one submit however often
 * pressed; when it cannot load, or is slower than its time-out, the submit says so in the flash block and the next one
 * asks for it again or waits for it again.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Frame, Page } from 'playwright-core';
import { SUBMIT_FAILED_MSG } from '../../src/constants';
import { demoForm } from '../../src/server/seed/forms';
import { addForm, modalGone, open, start, stop, stored, text, type Env } from './form-env';
import { beside } from './harness';

const ctx = { env: null as unknown as Env };
const S = suite('form: form-actions.js on intent', ctx);
S.before(async () => {
  ctx.env = await start();
  for (const key of ['intent', 'held', 'failed', 'hung'])
    await addForm(ctx.env, key, { ...demoForm('modal')!.settings, useMobileBanner: 'N', confirmationDuration: 60 });
});
S.after(() => stop(ctx.env));

/** form-actions.js's address, as this build named it. */
const ACTIONS = beside('form-actions.js');

/** Whether form-actions.js was requested by the page (the popup adds its script to the host page's head). */
const fetched = (page: Page) =>
  page.evaluate(
    (re) => performance.getEntriesByType('resource').some((e) => new RegExp(re).test(e.name)),
    ACTIONS.source,
  );

const SUCCESS = '.mc-success >> text=Thank you for subscribing!';

S('not in the first view; the first key in the form fetches it, and a blur validates with it', async () => {
  const { context, page, frame: f, log } = await open(ctx.env, 'intent');
  try {
    await page.waitForTimeout(500);
    assert.not.ok(await fetched(page), 'the modal shows and takes focus without it');
    await f.press('#mc-EMAIL-0', 'n');
    await page.waitForFunction(
      (re) => performance.getEntriesByType('resource').some((e) => new RegExp(re).test(e.name)),
      ACTIONS.source,
    );
    await f.press('#mc-EMAIL-0', 'Tab');
    await f.waitForSelector('#mc-EMAIL-0[aria-invalid="true"]');
    assert.is(await text(f, '.mc-field-email .mc-error'), 'Please enter a valid email address.');
    assert.equal(log.errors, []);
  } finally {
    await context.close();
  }
});

S('closed untouched (focus in its first field as the frame goes): form-actions.js is never fetched', async () => {
  const { context, page, log } = await open(ctx.env, 'intent');
  try {
    await page.keyboard.press('Escape');
    await modalGone(page);
    await page.waitForTimeout(500);
    assert.not.ok(await fetched(page), 'the blur of a torn-down field asks for nothing');
    assert.equal(log.errors, []);
  } finally {
    await context.close();
  }
});

/** Holds every request for form-actions.js until the returned release is called. */
const hold = async (page: Page) => {
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route(ACTIONS, async (r) => {
    await held;
    await r.continue();
  });
  return release;
};

const submitTwice = async (f: Frame) => {
  await f.press('#mc-EMAIL-0', 'Enter');
  await f.press('#mc-EMAIL-0', 'Enter');
};

S('a submit before it arrives waits for it: pressed twice, one request, one row', async () => {
  const { context, page, frame: f, submits, log } = await open(ctx.env, 'held');
  try {
    const release = await hold(page);
    await f.fill('#mc-EMAIL-0', 'held.submit@example.com');
    await submitTwice(f);
    await page.waitForTimeout(400);
    assert.is(submits.length, 0, 'nothing sent while it loads');
    release();
    await f.waitForSelector(SUCCESS);
    await page.waitForTimeout(300);
    assert.is(submits.length, 1);
    assert.equal(
      (await stored(ctx.env, 'held')).map((r) => r.email),
      ['held.submit@example.com'],
    );
    assert.equal(log.errors, []);
  } finally {
    await context.close();
  }
});

S('when it cannot load, the submit says so; the next submit asks again and subscribes', async () => {
  const { context, page, frame: f, submits } = await open(ctx.env, 'failed');
  try {
    await page.route(ACTIONS, (r) => r.abort());
    await f.fill('#mc-EMAIL-0', 'retry.later@example.com');
    await f.press('#mc-EMAIL-0', 'Enter');
    await f.waitForSelector(`.mc-flash >> text=${SUBMIT_FAILED_MSG}`);
    assert.is(submits.length, 0);
    assert.is(await f.getAttribute('form', 'aria-busy'), null, 'the form is not left busy');
    await page.unroute(ACTIONS);
    await f.press('#mc-EMAIL-0', 'Enter');
    await f.waitForSelector(SUCCESS);
    assert.is(submits.length, 1);
  } finally {
    await context.close();
  }
});

S(
  'when it is slower than its time-out, the submit says so; the next submit waits for it again and subscribes',
  async () => {
    const { context, page, frame: f, submits } = await open(ctx.env, 'hung');
    try {
      const release = await hold(page);
      await f.fill('#mc-EMAIL-0', 'slow.file@example.com');
      await f.press('#mc-EMAIL-0', 'Enter');
      // SHEETS_TIMEOUT_MS after the first key, the popup stops waiting for it.
      await f.waitForSelector(`.mc-flash >> text=${SUBMIT_FAILED_MSG}`);
      assert.is(submits.length, 0);
      // The file still on its way: the second submit waits for it again (before, it failed at once, and only a third
      // submit after the file had come would have gone out).
      await f.press('#mc-EMAIL-0', 'Enter');
      release();
      await f.waitForSelector(SUCCESS);
      assert.is(submits.length, 1);
    } finally {
      await context.close();
    }
  },
);

S.run();
