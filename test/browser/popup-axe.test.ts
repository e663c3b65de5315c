/**
 * axe-core on the open popup (issue 3, issue 7 sweep): every variation and template, desktop and phone width, and the
 * banner, with zero violations under wcag2a, wcag2aa, wcag21aa, wcag22aa and best-practice. The settings carry an
 * image, a heading, a footer and the rewards badge, so every area of spec 2.2 is on screen. Every kind of group
 * required: zero violations, and each group's name in Chromium's accessibility tree says so.
 */
import * as assert from 'uvu/assert';
import { demoForm } from '../../src/server/seed/forms';
import { axe } from './harness';
import { BANNER, MODAL, type Opened, openHost, shown, popupSuite } from './popup-env';

const { T: A, ctx } = popupSuite('popup axe');

const rich = (origin: string) => ({
  popupDelay: 0,
  version: '1.1',
  useRewards: true,
  rewardsUrl: 'https://example.com/rewards',
  imageUrl: `${origin}/blog/favicon.svg`,
  description:
    '<h2>The Lighthouse Letter</h2><p>One e-mail a week, <a href="https://example.com/about">about us</a>.</p>',
  footer: '<p>We respect your privacy.</p>',
});

const CASES: [string, Record<string, unknown>][] = [
  ...[1, 2, 3, 4, 5].map((template): [string, Record<string, unknown>] => [`modal template ${template}`, { template }]),
  ...[1, 2, 3, 4, 5].map((template): [string, Record<string, unknown>] => [
    `slide template ${template}`,
    { modalVariation: 'slide', template },
  ]),
  ['fixed', { modalVariation: 'fixed' }],
  [
    'modal, strict content, coloured',
    {
      baseFontSize: 14,
      styles: {
        backgroundColor: '#fdf6e3',
        headingColor: '#073642',
        paragraphColor: '#073642',
        button: { color: '#005f87', text_color: '#ffffff', style: 'full' },
      },
    },
  ],
];

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 720 },
])
  A(`zero violations, every variation and template, at ${viewport.width} px`, async () => {
    const failures: string[] = [];
    // One page for every case, each a new host page in it (popup-env `on`).
    let open: Opened | undefined;
    for (const [name, s] of CASES) {
      open = await openHost(ctx.browser, ctx.fx, { ...rich(ctx.fx.origin), ...s }, { viewport, on: open });
      // A phone sees a slide-in's banner first (issue 35 item 3); its call to action opens the slide-in.
      if (s.modalVariation === 'slide' && viewport.width < 700)
        await (await shown(open.page, BANNER)).frame.click('.mc-cta');
      await shown(open.page, MODAL);
      // Let the opening animation finish: axe's colour-contrast reads the painted colours.
      await open.page.waitForTimeout(350);
      for (const v of await axe(open.page)) failures.push(`${name}: ${v.id} (${v.help}) ${v.targets.join(' ')}`);
    }
    await open!.context.close();
    assert.equal(failures, []);
  });

A('zero violations: the mobile banner', async () => {
  const { page, context } = await openHost(
    ctx.browser,
    ctx.fx,
    { ...rich(ctx.fx.origin), useMobileBanner: 'Y', bannerDescription: '<p><strong>Join</strong> the letter</p>' },
    { viewport: { width: 375, height: 720 } },
  );
  await shown(page, BANNER);
  assert.equal(await axe(page), []);
  await context.close();
});

A(
  'every kind of group required: zero violations, and its name as Chromium gives it to screen readers says so',
  async () => {
    const every = demoForm('every-field')!.settings as { fields: Record<string, unknown>[] };
    const { page, context } = await openHost(ctx.browser, ctx.fx, {
      ...every,
      popupDelay: 0,
      fields: every.fields.map((x) => ({ ...x, required: true })),
    });
    try {
      await shown(page, MODAL);
      // Let the opening animation finish: axe's colour-contrast reads the painted colours.
      await page.waitForTimeout(350);
      assert.equal(await axe(page), []);
      // The modal frame's accessibility tree, as the browser computes it (not a test library's own name computation).
      const cdp = await context.newCDPSession(page);
      const { frameTree } = await cdp.send('Page.getFrameTree');
      // The popup's frames (the modal's alone here): every frame the host page holds.
      const nodes: { role?: { value?: unknown }; name?: { value?: unknown }; ignored: boolean }[] = [];
      for (const c of frameTree.childFrames || [])
        nodes.push(...(await cdp.send('Accessibility.getFullAXTree', { frameId: c.frame.id })).nodes);
      const groups = nodes
        .filter((n) => ['group', 'radiogroup'].includes(String(n.role?.value)) && !n.ignored)
        .map((n) => [n.role!.value, n.name?.value]);
      assert.equal(groups, [
        ['group', 'Address (required)'],
        ['group', 'Birthday (required)'],
        ['group', 'Anniversary (required)'],
        ['group', 'Phone Number (required)'],
        ['radiogroup', 'How often? (required)'],
        ['group', 'Topics (required)'],
      ]);
    } finally {
      await context.close();
    }
  },
);

A.run();
