/**
 * The form before form-actions.js has run (issue 12.5, src/popup/form/lazy.tsx `withActions`): a blur judges nothing
 * yet, a submit that cannot get the file says so in the flash block without a request and leaves the form usable, and
 * once the file is in both work at once. (form-env loads the file; these tests take it away and put it back.)
 */
import { attr, calls, demo, forgetCalls, leave, mount, submit, type, wait, window } from './form-env';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SUBMIT_FAILED_MSG } from '../../src/constants';

const g = (window as unknown as { __mcsf: { fa?: unknown } }).__mcsf;

test('without form-actions.js: no judgement on blur; a submit shows the failure, sends nothing; usable', async () => {
  const fa = g.fa;
  g.fa = undefined;
  forgetCalls();
  const m = mount(demo('modal'));
  try {
    const email = m.$('#mc-EMAIL-0');
    type(email, 'not-an-address');
    leave(email);
    await wait(0);
    assert.is(attr(email, 'aria-invalid'), null, 'nothing judged without the rules');
    submit(m);
    await wait(0);
    assert.is(m.$('.mc-flash').textContent, SUBMIT_FAILED_MSG);
    assert.is(calls().length, 0, 'no request');
    assert.is(attr(m.$('form'), 'aria-busy'), null, 'not left busy');
    assert.is(attr(m.$('button[type=submit]'), 'aria-disabled'), 'false');

    // The file is in (a later press fetched it): the same form judges and sends at once.
    g.fa = fa;
    leave(email);
    assert.is(attr(email, 'aria-invalid'), 'true', 'judged on the next blur');
    type(email, 'someone@example.com');
    submit(m);
    assert.is(calls().length, 1, 'sent');
  } finally {
    g.fa = fa;
    m.unmount();
    forgetCalls();
  }
});

test.run();
