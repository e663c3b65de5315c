/**
 * The popup shell's components on linkedom (issue 3): the close control, the banner, the badges, the modal container
 * and its dialog semantics, and the spec 8 frame error. The host page held behind the modal (src/popup/host.ts) is
 * tested in Chromium (test/browser/popup-session.test.ts): linkedom's CSSOM has no property priorities.
 */
import { DOMParser } from 'linkedom';
import { document, window } from './dom-globals';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ReactNode } from 'react';

const g = globalThis as unknown as Record<string, unknown>;
g.DOMParser = DOMParser;
g.location = { protocol: 'http:', href: 'http://host.test/', host: 'host.test', hostname: 'host.test' };

const { act, show: showIn } = await import('./render');
const { Banner } = await import('../../src/popup/Banner');
const { Badges } = await import('../../src/popup/Badges');
const { CloseButton } = await import('../../src/popup/CloseButton');
const { Modal } = await import('../../src/popup/Modal');
const { previewTransport } = await import('../../src/popup/form/transport');
/** The owner preview's transport, as the session chooses it. */
const preview = () => previewTransport;
const { buildFrame } = await import('../../src/popup/frame');
const { normalize } = await import('../../src/popup/settings');
const { ERR_NO_IFRAME, FRAME_TITLE } = await import('../../src/constants');

const P = {
  baseUrl: 'p.test',
  uuid: 'U',
  lid: 'L',
  fId: '',
  dev: false,
  uniqueMethods: false,
  ignoreCookie: false,
  isPreview: true,
  cdn: '',
};
const EMAIL = { type: 'email', name: 'EMAIL', label: 'Email', required: true, merge_id: 0 };

/** Renders `node` into a fresh container and returns it. */
const show = (node: ReactNode): HTMLElement => {
  const el = document.createElement('div') as unknown as HTMLElement;
  document.body.append(el as unknown as Node);
  showIn(node, el);
  return el;
};
const click = (el: Element | null) =>
  act(() => void el!.dispatchEvent(new window.Event('click', { bubbles: true }) as unknown as Event));

test('CloseButton: a real button named by its label, with its data-action, that closes', () => {
  let closed = 0;
  const el = show(<CloseButton label="Close" action="close-mc-modal" onClose={() => closed++} />);
  const b = el.querySelector('button')!;
  assert.equal(
    [b.getAttribute('type'), b.getAttribute('aria-label'), b.getAttribute('data-action')],
    ['button', 'Close', 'close-mc-modal'],
  );
  assert.is(b.textContent!.trim(), '×', 'shows the × glyph; aria-label names it');
  click(b);
  assert.is(closed, 1);
});

test('Banner: sanitized description, the call to action opens, the close closes (spec 2.2, 4.2)', () => {
  let opened = 0;
  let closed = 0;
  const s = normalize({
    bannerDescription: '<p onclick="x()">Get <b>news</b></p><script>bad()</script>',
    bannerCtaLabel: 'Sign up',
  });
  const el = show(<Banner s={s} onOpen={() => opened++} onClose={() => closed++} />);
  const d = el.querySelector('.mc-banner-description')!;
  assert.is(d.innerHTML, '<p>Get <b>news</b></p>');
  const cta = el.querySelector('.mc-cta')!;
  assert.equal([cta.tagName, cta.getAttribute('type'), cta.textContent], ['BUTTON', 'button', 'Sign up']);
  click(cta);
  click(el.querySelector('[data-action="close-mc-banner"]'));
  assert.equal([opened, closed], [1, 1]);
  assert.is(el.querySelector('section')!.getAttribute('aria-label'), 'Newsletter signup banner');
});

test('Banner: the default call-to-action label is Subscribe (spec 9.4)', () => {
  const el = show(<Banner s={normalize({})} onOpen={() => undefined} onClose={() => undefined} />);
  assert.is(el.querySelector('.mc-cta')!.textContent, 'Subscribe');
});

test("Badges: the powered-by link as the provider names itself, none when it says so, else Mailchimp's", () => {
  // Issue 33 item 5: [settings, the link's text and address, or null for no link].
  const cases: [Record<string, unknown>, [string, string] | null][] = [
    [{}, ['Powered by Mailchimp', 'https://mailchimp.com/']],
    [{ poweredBy: { text: 'Powered by Acme', url: 'https://acme.test/' } }, ['Powered by Acme', 'https://acme.test/']],
    [{ poweredBy: false }, null],
    [{ poweredBy: { text: 'Acme', url: 'javascript:alert(1)' } }, null],
    [{ poweredBy: { text: '', url: 'https://acme.test/' } }, null],
  ];
  for (const [raw, want] of cases) {
    const el = show(
      <Badges s={normalize({ version: '1.1', useRewards: true, rewardsUrl: 'https://r.test/', ...raw })} />,
    );
    const a = el.querySelector('.mc-powered');
    assert.equal(a && [a.textContent, a.getAttribute('href')], want, JSON.stringify(raw));
    if (a) assert.equal([a.getAttribute('target'), a.getAttribute('rel')], ['_blank', 'noopener']);
    // The rewards badge keeps its own rule (spec 9.3), whatever the powered-by link.
    assert.ok(el.querySelector('.mc-rewards'), JSON.stringify(raw));
  }
});

test('Badges: powered-by always; rewards only under the rule of spec 9.3', () => {
  const cases: [Record<string, unknown>, boolean][] = [
    [{}, false],
    [{ version: '1.1', useRewards: true, rewardsUrl: 'https://r.example/x' }, true],
    [{ version: '1.0', useRewards: true, rewardsUrl: 'https://r.example/x' }, false],
    [{ version: '1.1', useRewards: false, rewardsUrl: 'https://r.example/x' }, false],
    [{ version: '1.1', useRewards: true, rewardsUrl: 'javascript:alert(1)' }, false],
  ];
  for (const [raw, rewards] of cases) {
    const el = show(<Badges s={normalize(raw)} />);
    const links = [...el.querySelectorAll('a')];
    assert.ok(links.every((a) => a.getAttribute('rel') === 'noopener' && a.getAttribute('target') === '_blank'));
    assert.is(!!el.querySelector('.mc-rewards'), rewards, JSON.stringify(raw));
    assert.ok(el.querySelector('.mc-powered'));
  }
});

test(`Modal: a dialog named by the description's first heading, else by FRAME_TITLE; \
modal only for the modal variation`, () => {
  const cases: [Record<string, unknown>, string, string, boolean][] = [
    [{ description: '<h2>Join the letter</h2><p>Weekly</p>' }, 'true', 'heading', true],
    [{ description: '<p>No heading here</p>' }, 'true', 'title', true],
    [{ modalVariation: 'slide', description: '<h3>Slide</h3>' }, 'false', 'heading', false],
    [{ modalVariation: 'fixed', description: '<h3>Fixed</h3>' }, 'false', 'title', false],
  ];
  for (const [raw, modal, named, overlay] of cases) {
    const el = show(
      <Modal
        transport={preview}
        s={normalize({ fields: [EMAIL], ...raw })}
        p={P}
        mobile={false}
        onClose={() => undefined}
      />,
    );
    const d = el.querySelector('[role="dialog"]')!;
    assert.is(d.getAttribute('aria-modal'), modal, JSON.stringify(raw));
    if (named === 'heading') {
      const h = el.querySelector('#' + d.getAttribute('aria-labelledby'))!;
      assert.match(h.tagName, /^H[1-6]$/);
      assert.not.ok(d.hasAttribute('aria-label'));
    } else {
      // The fixed variation's description is plain text (spec 2.2), so it never has a heading.
      assert.is(d.getAttribute('aria-label'), FRAME_TITLE, JSON.stringify(raw));
    }
    assert.is(!!el.querySelector('.mc-overlay'), overlay);
    assert.is(d.querySelector('[data-action="close-mc-modal"]')!.getAttribute('aria-label'), 'Close');
    assert.ok(d.querySelector('form'), 'the form is inside the dialog');
  }
});

test(`Modal: a slide-in and a fixed bar carry an empty polite live region for their name, a modal none; the fixed \
bar is described by its whole text (issue 35 item 4)`, () => {
  const long = '<p>Get <b>20%</b> off your first order and free shipping on every order after</p>';
  const cases: [string, string, boolean, string | null][] = [
    ['modal', long, false, null],
    ['slide', long, true, null],
    ['fixed', long, true, 'Get 20% off your first order and free shipping on every order after'],
    ['fixed', '<p>Short offer</p>', true, null],
  ];
  for (const [modalVariation, description, region, full] of cases) {
    const el = show(
      <Modal
        transport={preview}
        s={normalize({ fields: [EMAIL], modalVariation, description })}
        p={P}
        mobile={false}
        onClose={() => undefined}
      />,
    );
    const d = el.querySelector('[role="dialog"]')!;
    const live = d.querySelector('.mc-announce');
    assert.is(!!live, region, modalVariation);
    if (live) {
      assert.is(live.getAttribute('role'), 'status');
      assert.is(live.textContent, '', 'empty until the popup shows');
    }
    const by = d.getAttribute('aria-describedby');
    assert.is(by && el.querySelector('#' + by)!.textContent, full, `${modalVariation}: ${description}`);
    if (by) assert.ok(el.querySelector('#' + by)!.hasAttribute('hidden'), 'the whole text is not shown twice');
  }
});

test('Modal: the overlay and the close control close; the closeLabel setting names the control', () => {
  let closed = 0;
  const el = show(
    <Modal
      transport={preview}
      s={normalize({ fields: [EMAIL], closeLabel: 'Dismiss' })}
      p={P}
      mobile={false}
      onClose={() => closed++}
    />,
  );
  click(el.querySelector('.mc-overlay'));
  click(el.querySelector('.mc-close'));
  assert.is(closed, 2);
  assert.is(el.querySelector('.mc-close')!.getAttribute('aria-label'), 'Dismiss');
});

test('Modal: the image is a decorative <img> in template 1 and a CSS background in the others (spec 9.3)', () => {
  for (const template of [1, 2, 3, 4, 5]) {
    const el = show(
      <Modal
        transport={preview}
        s={normalize({ fields: [EMAIL], template, imageUrl: 'https://img.example/a.png' })}
        p={P}
        mobile={false}
        onClose={() => undefined}
      />,
    );
    const img = el.querySelector('.mc-image img');
    assert.is(!!img, template === 1, `template ${template}`);
    if (img) assert.equal([img.getAttribute('src'), img.getAttribute('alt')], ['https://img.example/a.png', '']);
    assert.ok(el.querySelector('.mc-image'));
  }
  const none = show(
    <Modal
      transport={preview}
      s={normalize({ fields: [EMAIL], imageUrl: 'javascript:alert(1)' })}
      p={P}
      mobile={false}
      onClose={() => undefined}
    />,
  );
  assert.not.ok(none.querySelector('.mc-image'), 'an unsafe image address shows no image');
});

test('buildFrame: without an iframe element it fails with the text of spec 8', () => {
  for (const el of [null, undefined, document.createElement('div'), {}])
    assert.throws(
      () => buildFrame(el, { title: 't', sheets: [] }),
      (e: Error) => e.message === ERR_NO_IFRAME,
    );
  assert.is(ERR_NO_IFRAME, 'You must specify an iframe attribute to an iframe element');
});

test.run();
