/**
 * The hosted subscribe page (issue 35 item 1) over real HTTP, on SQLite and (server-pg) PostgreSQL: GET /subscribe
 * renders the form from the one form model, a plain urlencoded POST to /subscribe/post?u=&id= goes through the JSONP
 * call's own submit (its messages, rate limits, mailbox limit and honeypot), a refusal shows the form again with what
 * was typed and each error wired to its input, a success redirects (303) to the form's success page.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { parseHTML } from 'linkedom';
import { BUILT_IN_TEXTS } from '../../src/form-model/built-in-texts';
import { inputsOf } from '../../src/form-model/field-inputs';
import { demoForm } from '../../src/server/seed/forms';
import { findForm } from '../../src/server/db/forms';
import { listSubscribers } from '../../src/server/db/subscribers';
import { CAPTCHA_INPUTS } from '../../src/server/subscribe/captcha';
import { MAILBOX_HELD } from '../../src/server/subscribe/mailbox';
import { MSG_RATE_CLIENT } from '../../src/server/subscribe/messages';
import { every, hostileSettings, PAYLOADS } from '../xss-corpus';
import { addTestForm, DEMO_UUID, DIALECT, form, request, startTest, subscribe, type TestProvider } from './helpers';

let p: TestProvider;
test.before(async () => {
  p = await startTest();
});
test.after(async () => {
  await p.cleanup();
});

/** The hosted form's query of demo form `key`. */
const q = (key: string) => {
  const f = form(key);
  return new URLSearchParams({ u: DEMO_UUID, id: f.lid, f_id: f.fId }).toString();
};

/** A page, parsed. */
const get = async (path: string, origin = p.origin) => {
  const r = await request(origin, path);
  return { ...r, doc: parseHTML(r.text).document };
};

/** A plain HTML form post of `fields` to the hosted form of `key`, as a browser without script sends it. */
const post = (key: string, fields: Record<string, string>, origin = p.origin, headers: Record<string, string> = {}) =>
  request(origin, `/subscribe/post?${q(key)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });

/** The honeypot's name on demo form `key`, posted empty as a person's browser posts it. */
const hp = (key: string) => ({ [`b_${DEMO_UUID}_${form(key).lid}`]: '' });

/** Parsed answer of a post. */
const parsed = (r: { text: string }) => parseHTML(r.text).document;

test('GET renders every field type of the form model, each input labelled, posting to /subscribe/post', async () => {
  const f = form('every-field');
  const r = await get(`/subscribe?${q('every-field')}`);
  assert.is(r.status, 200);
  assert.match(String(r.headers['content-type']), /^text\/html/);
  const csp = String(r.headers['content-security-policy']);
  assert.not.match(csp, /unsafe-inline/);
  assert.match(csp, /form-action 'self'/);
  assert.match(csp, /frame-ancestors 'none'/);
  assert.is(r.doc.querySelectorAll('script').length, 0, 'no script at all');
  const style = r.doc.querySelector('style')!;
  assert.ok(style, 'one style element');
  assert.ok(csp.includes(`'nonce-${style.getAttribute('nonce')}'`), 'the style carries the nonce of the policy');
  const formEl = r.doc.querySelector('form')!;
  assert.is(formEl.getAttribute('method'), 'post');
  assert.is(formEl.getAttribute('action'), `/subscribe/post?${q('every-field')}`);
  const row = await findForm(p.store, DEMO_UUID, f.lid, f.fId);
  const fields = row!.model.placement.main;
  const types = new Set(fields.map((x) => x.type));
  const all = ['email', 'text', 'address', 'birthday', 'date', 'phone', 'number', 'url', 'dropdown', 'select', 'radio'];
  for (const t of [...all, 'checkbox']) assert.ok(types.has(t as never), `the form has a ${t} field`);
  for (const field of fields)
    for (const i of inputsOf(field)) {
      const el = r.doc.getElementById(i.id)!;
      assert.ok(el, `${field.name}: input ${i.id}`);
      assert.is(el.getAttribute('name'), i.name, `${i.id} posts as ${i.name}`);
      const label = r.doc.querySelector(`label[for="${i.id}"]`)!;
      assert.ok(label?.textContent.trim(), `${i.id} has a visible label`);
    }
  // Each input says what it is for (WCAG 1.3.5), as the popup's do (the type table's tokens).
  const purposes: [string, string][] = [
    ['EMAIL', 'email'],
    ['FNAME', 'given-name'],
    ['ADDRESS[addr1]', 'address-line1'],
    ['ADDRESS[zip]', 'postal-code'],
    ['ADDRESS[country]', 'country-name'],
    ['BIRTHDAY[month]', 'bday-month'],
    ['BIRTHDAY[day]', 'bday-day'],
  ];
  for (const [name, token] of purposes)
    assert.is(r.doc.querySelector(`[name="${name}"]`)?.getAttribute('autocomplete'), token, `${name}: ${token}`);
  // Every labelled field's own label text shows (a label or a group's legend).
  const text = r.doc.querySelector('main')!.textContent!;
  for (const field of fields) assert.ok(text.includes(field.label), `label ${field.label}`);
  assert.match(r.doc.querySelector('.mc-description')!.innerHTML, /<h2>Tell us about you<\/h2>/);
  // Without f_id, the list's first form, posting with its own f_id (Mailchimp's ?u=&id= links).
  const bare = await get(`/subscribe?u=${DEMO_UUID}&id=${f.lid}`);
  assert.is(bare.status, 200);
  assert.is(bare.doc.querySelector('form')!.getAttribute('action'), `/subscribe/post?${q('every-field')}`);
});

test('the page goes compressed to a browser that takes it (brotli, else gzip), as the content host sends', async () => {
  const path = `/subscribe?${q('every-field')}`;
  const plain = await request(p.origin, path);
  assert.is(plain.headers['content-encoding'], undefined);
  assert.is(plain.headers.vary, 'Accept-Encoding');
  for (const [accept, enc, unpack] of [
    ['gzip, deflate, br', 'br', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
  ] as const) {
    const r = await request(p.origin, path, { headers: { 'Accept-Encoding': accept } });
    assert.is(r.headers['content-encoding'], enc);
    assert.is(Number(r.headers['content-length']), r.body.length);
    assert.ok(r.body.length < plain.body.length / 3, `${enc}: ${r.body.length} of ${plain.body.length} bytes`);
    const nonce = (t: string) => t.replace(/nonce="[^"]*"/, '');
    assert.is(nonce(unpack(r.body).toString()), nonce(plain.text));
  }
});

test('a refused post shows the form again: values kept, each error at its input, a focusable summary', async () => {
  const fields = { ...hp('every-field'), EMAIL: 'not-an-address', FNAME: 'Zoë "<b>"', AGE: 'many', WEBSITE: 'nope' };
  const r = await post('every-field', fields);
  assert.is(r.status, 400);
  assert.is(parsed(r).querySelectorAll('script').length, 0);
  const doc = parsed(r);
  assert.match(doc.title, /^Error: /);
  // The same messages as the JSONP call's answer to the same fields.
  const jsonp = await subscribe(p.origin, 'every-field', fields);
  assert.is(jsonp.data.result, 'error');
  const errors = jsonp.data.errors as Record<string, string>;
  const row = await findForm(p.store, DEMO_UUID, form('every-field').lid, form('every-field').fId);
  const byMerge = new Map(row!.model.placement.main.map((x) => [String(x.mergeId), x]));
  assert.ok(Object.keys(errors).length >= 1);
  for (const [mergeId, msg] of Object.entries(errors)) {
    const field = byMerge.get(mergeId)!;
    const input = doc.getElementById(inputsOf(field)[0].id)!;
    assert.is(input.getAttribute('aria-invalid'), 'true', `${field.name} marked invalid`);
    const errId = input.getAttribute('aria-describedby');
    assert.ok(errId, `${field.name} described`);
    assert.is(doc.getElementById(errId)!.textContent, msg, `${field.name}'s error is the JSONP answer's`);
  }
  const email = doc.getElementById(inputsOf(byMerge.get('0')!)[0].id)!;
  assert.is(email.getAttribute('value'), 'not-an-address');
  assert.is(doc.querySelector('input[name="FNAME"]')!.getAttribute('value'), 'Zoë "<b>"');
  const summary = doc.querySelector('.mc-summary')!;
  assert.ok(summary, 'an error summary');
  assert.is(summary.getAttribute('tabindex'), '-1');
  assert.ok(summary.hasAttribute('autofocus'));
  assert.is(summary.getAttribute('role'), 'alert');
  assert.ok(doc.querySelector('main')!.firstElementChild!.nextElementSibling === summary, 'the summary at the top');
  const links = [...summary.querySelectorAll('a')].map((a) => (a.getAttribute('href') || '').slice(1));
  assert.is(links.length, Object.keys(errors).length);
  for (const id of links) assert.ok(doc.getElementById(id)!, `summary links to #${id}`);
  assert.is((await listSubscribers(p.store, form('every-field').lid)).length, 0);
});

test('an accepted post redirects (303) to the success page; the subscriber is stored', async () => {
  const r = await post('modal', { ...hp('modal'), EMAIL: 'hosted@example.com', FNAME: 'Hosted' });
  assert.is(r.status, 303);
  const to = String(r.headers.location);
  assert.is(to, `/subscribe/thanks?${q('modal')}`);
  const page = await get(to);
  assert.is(page.status, 200);
  // The form's description as the search snippet, its inline elements read as text.
  const meta = (await get(`/subscribe?${q('modal')}`)).doc.querySelector('meta[name=description]')!;
  assert.is(
    meta.getAttribute('content'),
    'Get 10% off your first order Join our newsletter for new arrivals, recipes and members-only offers.',
  );
  assert.match(page.doc.querySelector('[role=status]')!.textContent, /Thank you for subscribing!/);
  assert.is(page.doc.querySelectorAll('script').length, 0);
  const rows = await listSubscribers(p.store, form('modal').lid);
  assert.equal(
    rows.map((x) => [x.email, x.merge_fields]),
    [['hosted@example.com', { FNAME: 'Hosted' }]],
  );
});

test('double opt-in: the success page says to check the inbox; the confirmation is queued', async () => {
  const r = await post('double-opt-in', { ...hp('double-opt-in'), EMAIL: 'doi-hosted@example.com', FNAME: 'D' });
  assert.is(r.status, 303);
  const page = await get(String(r.headers.location));
  assert.is(page.doc.querySelector('h1')!.textContent, 'Check your inbox');
  assert.match(page.doc.querySelector('[role=status]')!.textContent, /confirm/i);
  const mail = await p.store.all<{ to_addr: string }>('SELECT to_addr FROM outbox');
  assert.ok(mail.some((m) => m.to_addr === 'doi-hosted@example.com'));
});

test('GDPR: its texts; a refusal without consent says so at the block; a consent subscribes', async () => {
  const page = await get(`/subscribe?${q('gdpr')}`);
  const block = page.doc.querySelector('fieldset.mc-gdpr')!;
  assert.is(block.querySelector('legend')!.textContent, 'Marketing Permissions');
  assert.match(block.textContent!, /Please select all the ways/);
  assert.match(block.textContent!, /You can change your mind at any time/);
  for (const id of ['101', '102', '103']) {
    const box = page.doc.getElementById(`gdpr-${id}`)!;
    assert.is(box.getAttribute('name'), `gdpr[${id}]`);
    assert.ok(page.doc.querySelector(`label[for="gdpr-${id}"]`));
  }
  const none = await post('gdpr', { ...hp('gdpr'), EMAIL: 'gdpr@example.com', FNAME: 'G' });
  assert.is(none.status, 400);
  const jsonp = await subscribe(p.origin, 'gdpr', { EMAIL: 'gdpr@example.com', FNAME: 'G' });
  assert.is(jsonp.data.type, 'gdpr_error');
  const doc = parsed(none);
  const msg = doc.getElementById('mc-gdpr-msg')!;
  assert.is(msg.textContent, (jsonp.data.errors as Record<string, string>).msg);
  assert.match(doc.getElementById('gdpr-101')!.getAttribute('aria-describedby')!, /mc-gdpr-msg/);
  assert.is(doc.querySelector('.mc-summary a')!.getAttribute('href'), '#gdpr-101');
  assert.is(doc.querySelector('input[name=EMAIL]')!.getAttribute('value'), 'gdpr@example.com');
  const ok = await post('gdpr', { ...hp('gdpr'), EMAIL: 'gdpr@example.com', FNAME: 'G', 'gdpr[102]': 'Y' });
  assert.is(ok.status, 303);
  assert.is((await listSubscribers(p.store, form('gdpr').lid)).length, 1);
});

test('SMS: the phone and its required acknowledgement in one step; the tick missing is its own error', async () => {
  const page = await get(`/subscribe?${q('sms')}`);
  const ack = page.doc.querySelector('input[name="mc-SMSPHONE-ack"]')!;
  assert.is(ack.getAttribute('type'), 'checkbox');
  assert.is(ack.getAttribute('value'), 'true');
  assert.ok(page.doc.querySelector(`label[for="${ack.getAttribute('id')}"]`)!.textContent!.trim());
  const sms = { ...hp('sms'), EMAIL: 'sms@example.com', SMSPHONE: '+1 555 010 9999' };
  const missing = await post('sms', sms);
  assert.is(missing.status, 400);
  const doc = parsed(missing);
  const box = doc.querySelector('input[name="mc-SMSPHONE-ack"]')!;
  assert.is(box.getAttribute('aria-invalid'), 'true');
  assert.ok(doc.getElementById(box.getAttribute('aria-describedby')!)!.textContent);
  assert.is(doc.querySelector('input[name=SMSPHONE]')!.getAttribute('value'), sms.SMSPHONE);
  const ok = await post('sms', { ...sms, 'mc-SMSPHONE-ack': 'true' });
  assert.is(ok.status, 303);
  assert.is((await listSubscribers(p.store, form('sms').lid)).length, 1);
});

test("the form's image, decorative as in the popup: a path on this provider or an http(s) address", async () => {
  const img = (await get(`/subscribe?${q('double-opt-in')}`)).doc.querySelector('img.mc-image')!;
  assert.is(img.getAttribute('src'), form('double-opt-in').settings.imageUrl);
  assert.is(img.getAttribute('alt'), '');
  for (const [imageUrl, shown] of [
    ['https://cdn.example/a.png', true],
    ['//cdn.example/a.png', true],
    ['javascript:alert(1)', false],
    ['/x" onerror="alert(1)', false],
    ['data:image/png;base64,AAAA', false],
  ] as const) {
    const lid = await addTestForm(p.store, { imageUrl, fields: [{ type: 'email', name: 'EMAIL', label: 'E' }] });
    const doc = (await get(`/subscribe?u=${DEMO_UUID}&id=${lid}`)).doc;
    assert.is(doc.querySelector('img.mc-image')?.getAttribute('src'), shown ? imageUrl : undefined, imageUrl);
  }
});

test("the page's texts from the translations, keyed by their English; its lang and dir from the settings", async () => {
  const lid = await addTestForm(p.store, {
    lang: 'de',
    dir: 'ltr',
    buttonLabel: 'Jetzt anmelden',
    // The built-in texts by their English (src/form-model/texts.ts), the validation messages by their keys.
    translations: {
      Subscribe: 'Anmelden',
      '* indicates required': '* Pflichtfeld',
      Error: 'Fehler',
      City: 'Ort',
      '(required)': '(Pflichtfeld)',
      MM: 'MM.',
      required: 'Bitte ausfüllen.',
    },
    fields: [
      { type: 'email', name: 'EMAIL', label: 'E-Mail', required: true, merge_id: 0 },
      { type: 'address', name: 'ADDR', label: 'Adresse', required: true, merge_id: 1 },
      { type: 'birthday', name: 'BDAY', label: 'Geburtstag', merge_id: 2 },
    ],
  });
  const query = `u=${DEMO_UUID}&id=${lid}&f_id=f`;
  const doc = (await get(`/subscribe?${query}`)).doc;
  assert.is(doc.documentElement.getAttribute('lang'), 'de');
  assert.is(doc.documentElement.getAttribute('dir'), 'ltr');
  assert.is(doc.querySelector('h1')!.textContent, 'Anmelden');
  assert.is(doc.querySelector('.mc-note')!.textContent, '* Pflichtfeld');
  assert.is(doc.querySelector('button')!.textContent, 'Jetzt anmelden');
  assert.is(doc.querySelector('label[for="mc-ADDR-2"]')!.textContent, 'Ort');
  assert.is(doc.querySelector('.mc-field-address legend .mc-off')!.textContent, ' (Pflichtfeld)');
  assert.is(doc.querySelector('input[placeholder="MM."]')?.getAttribute('name'), 'BDAY[month]');
  // A text the translations leave out stays English.
  assert.is(doc.querySelector('label[for="mc-ADDR-1"]')!.textContent, 'Address Line 2');
  const r = await request(p.origin, `/subscribe/post?${query}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'EMAIL=',
  });
  assert.is(parsed(r).getElementById('mc-EMAIL-err')!.textContent, 'Bitte ausfüllen.');
  assert.is(parsed(r).title, 'Fehler: Anmelden');
  // No dir: the language's (right to left for Hebrew), else none.
  const dirs: [string, string | null][] = [
    ['he', 'rtl'],
    ['fr', 'ltr'],
    ['', null],
  ];
  for (const [lang, dir] of dirs) {
    const id = await addTestForm(p.store, {
      lang,
      fields: [{ type: 'email', name: 'EMAIL', label: 'E', merge_id: 0 }],
    });
    const html = (await get(`/subscribe?u=${DEMO_UUID}&id=${id}`)).doc.documentElement;
    assert.equal([html.getAttribute('lang'), html.getAttribute('dir')], [lang || 'en', dir], lang);
  }
});

test('every built-in text the hosted page shows comes from the translations: no listed English is left', async () => {
  const all = new Set(BUILT_IN_TEXTS.flatMap(([, texts]) => texts));
  const translations = Object.fromEntries([...all].map((en) => [en, `«${en}»`]));
  const met = (doc: Document) => [
    doc.title,
    ...[...doc.querySelectorAll('body *')].flatMap((e) =>
      [...e.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent!.trim()),
    ),
    ...[...doc.querySelectorAll('[aria-label],[placeholder],[content]')].flatMap((e) =>
      ['aria-label', 'placeholder', 'content'].map((a) => e.getAttribute(a) || ''),
    ),
  ];
  const every = demoForm('every-field')!.settings;
  const sms = demoForm('sms')!.settings;
  const gdpr = demoForm('gdpr')!.settings;
  // The owner's own labels and texts empty, so that the built-in ones show.
  const own = { buttonLabel: '', gdprLabel: '', description: '', successMsg: '', translations };
  const fields = [
    ...(every.fields as object[]),
    ...(sms.fields as object[]).slice(1),
    ...(gdpr.fields as object[]).filter((f) => 'marketing_preference_id' in f),
  ];
  const lid = await addTestForm(p.store, { ...gdpr, ...own, fields, smsProgramData: [], hasGdprEnabled: true });
  const query = `u=${DEMO_UUID}&id=${lid}&f_id=f`;
  // The thanks pages, single and double opt-in, with no success message of the owner's.
  const double = await addTestForm(p.store, { ...own, doubleOptInSuccessMessage: '', hasDoubleOptIn: true });
  const pages = [
    (await get(`/subscribe/thanks?${query}`)).doc,
    (await get(`/subscribe/thanks?u=${DEMO_UUID}&id=${double}&f_id=f`)).doc,
    (await get(`/subscribe?${query}`)).doc,
    parsed(
      await request(p.origin, `/subscribe/post?${query}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'EMAIL=',
      }),
    ),
  ];
  for (const doc of pages)
    assert.equal(
      met(doc).filter((t) => all.has(t)),
      [],
      doc.title,
    );
  // Not vacuous: the marked texts did show.
  const shown = pages.flatMap(met).join('\n');
  for (const t of [
    '«Subscribe»',
    '«Error»: «Subscribe»',
    '«(required)»',
    '«City»',
    '«MM»',
    '«Marketing permissions»',
    '«Thank you»',
    '«Thank you for subscribing!»',
    '«Check your inbox»',
    '«Almost finished... please confirm your email address.»',
    '«Back to the signup form»',
  ])
    assert.ok(shown.includes(t), t);
});

test('a filled honeypot is answered as a success and stores nothing', async () => {
  const r = await post('slide', { [`b_${DEMO_UUID}_${form('slide').lid}`]: 'bot', EMAIL: 'bot@example.com' });
  assert.is(r.status, 303);
  assert.is((await listSubscribers(p.store, form('slide').lid)).length, 0);
});

test('the per-client rate limit: the form again, 429, with the JSONP call’s message and what was typed', async () => {
  const t = await startTest({ rateLimit: { perClient: { max: 1, windowMs: 60_000 }, perAddress: null } });
  try {
    const first = await post('fixed', { ...hp('fixed'), EMAIL: 'one@example.com' }, t.origin);
    assert.is(first.status, 303);
    const again = await post('fixed', { ...hp('fixed'), EMAIL: 'two@example.com' }, t.origin);
    assert.is(again.status, 429);
    const doc = parsed(again);
    assert.is(doc.querySelector('.mc-summary h2')!.textContent, MSG_RATE_CLIENT);
    assert.is(doc.querySelector('input[name="EMAIL"]')!.getAttribute('value'), 'two@example.com');
    assert.equal(
      (await listSubscribers(t.store, form('fixed').lid)).map((x) => x.email),
      ['one@example.com'],
    );
  } finally {
    await t.cleanup();
  }
});

test('the per-mailbox mail limit holds the hosted form’s mail as the JSONP call’s', async () => {
  const t = await startTest({ mailboxDailyMax: 1 });
  try {
    for (const [key, email] of [
      ['modal', 'box+1@example.com'],
      ['slide', 'box+2@example.com'],
    ]) {
      const r = await post(key, { ...hp(key), EMAIL: email, FNAME: 'B' }, t.origin);
      assert.is(r.status, 303, `${email} answered as any signup`);
      assert.is((await listSubscribers(t.store, form(key).lid)).length, 1, `${email} stored`);
    }
    const mail = await t.store.all<{ last_error: string | null; failed_at: string | null }>(
      'SELECT last_error, failed_at FROM outbox ORDER BY id',
    );
    assert.is(mail.length, 2);
    assert.is(mail[0].failed_at, null);
    assert.is(mail[1].last_error, MAILBOX_HELD);
  } finally {
    await t.cleanup();
  }
});

test('a form that needs the human check: the captcha page, then the right answer subscribes', async () => {
  const r = await post('captcha', { ...hp('captcha'), EMAIL: 'person@example.com', FNAME: 'P' });
  assert.is(r.status, 200);
  const doc = parsed(r);
  const hidden: Record<string, string> = {};
  for (const i of doc.querySelectorAll('input[type=hidden]'))
    hidden[i.getAttribute('name') || ''] = i.getAttribute('value') || '';
  const m = /What is (\d+) plus (\d+)\?/.exec(doc.querySelector('label[for=answer]')!.textContent)!;
  assert.is(hidden.EMAIL, 'person@example.com');
  assert.not.ok('popup' in hidden);
  const done = await request(p.origin, '/subscribe/post', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...hidden, [CAPTCHA_INPUTS.answer]: String(Number(m[1]) + Number(m[2])) }).toString(),
  });
  assert.is(done.status, 303);
  assert.is(done.headers.location, `/subscribe/thanks?${q('captcha')}`);
  assert.equal(
    (await listSubscribers(p.store, form('captcha').lid)).map((x) => x.email),
    ['person@example.com'],
  );
});

test('a cross-site post is taken (the page is public: no owner secret, no origin check)', async () => {
  const r = await post(
    'template-1',
    { ...hp('template-1'), EMAIL: 'xsite@example.com', FNAME: 'X', LNAME: 'Y' },
    p.origin,
    {
      Origin: 'https://blog.example',
      'Sec-Fetch-Site': 'cross-site',
      Host: 'evil.example',
    },
  );
  assert.is(r.status, 303, r.text);
  // The redirect is a path on this provider made of the form's ids: no Host header, no request value makes it.
  assert.is(r.headers.location, `/subscribe/thanks?${q('template-1')}`);
  assert.equal(
    (await listSubscribers(p.store, form('template-1').lid)).map((x) => x.email),
    ['xsite@example.com'],
  );
});

test('an unknown form: a 404 page that says so, for the form, its post and its success page', async () => {
  for (const path of ['/subscribe?u=nobody&id=nothing', `/subscribe?u=${DEMO_UUID}&id=nope`, '/subscribe']) {
    const r = await get(path);
    assert.is(r.status, 404, path);
    assert.match(r.doc.querySelector('h1')!.textContent, /not found/i);
    assert.match(r.doc.querySelector('main')!.textContent, /does not exist/);
  }
  const r = await request(p.origin, '/subscribe/post?u=nobody&id=nothing', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'EMAIL=a%40example.com',
  });
  assert.is(r.status, 404);
  assert.match(r.text, /does not exist/);
  assert.is((await get('/subscribe/thanks?u=nobody&id=nothing')).status, 404);
});

test('owner HTML of every slot sanitized: no script, handler, javascript: URL, frame or style attribute', async () => {
  // PostgreSQL's text and JSON hold no U+0000: on it the payloads lose their NULs (SQLite keeps them).
  for (const x of PAYLOADS.map((x) => (DIALECT === 'postgres' ? x.replace(/\0/g, '') : x))) {
    const lid = await addTestForm(p.store, hostileSettings(every(x)));
    const query = new URLSearchParams({ u: DEMO_UUID, id: lid, f_id: 'f' });
    const pages = [
      await request(p.origin, `/subscribe?${query}`),
      await request(p.origin, `/subscribe/post?${query}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ [`b_${DEMO_UUID}_${lid}`]: '', EMAIL: x }).toString(),
      }),
      await request(p.origin, `/subscribe/thanks?${query}`),
    ];
    for (const r of pages) {
      const label = `${JSON.stringify(x)} (${r.status})`;
      assert.ok([200, 400].includes(r.status), label);
      const doc = parsed(r);
      assert.is(doc.querySelectorAll('script,iframe,object,embed,base,meta[http-equiv],link').length, 0, label);
      assert.is(doc.querySelectorAll('form').length, r.status === 400 || r === pages[0] ? 1 : 0, `${label}: forms`);
      assert.is(doc.querySelectorAll('style').length, 1, `${label}: the page's one style`);
      for (const el of doc.querySelectorAll('*')) {
        for (const a of el.attributes) {
          assert.not.match(a.name, /^on/i, `${label}: ${a.name} on ${el.tagName}`);
          assert.not.ok(a.name === 'style', `${label}: a style attribute`);
          if (/^(href|src|action|formaction|xlink:href)$/i.test(a.name))
            assert.not.match(a.value.replace(/[\s\0-\x1f]/g, ''), /^(javascript|data|vbscript):/i, label);
        }
      }
      assert.not.match(doc.querySelector('style')!.textContent, /pwn|expression|@import|<\//i, label);
    }
  }
});

test.run();
