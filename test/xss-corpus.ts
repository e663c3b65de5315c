/**
 * The XSS corpora of the owner-HTML tests, in one place: `CORPUS` (the sanitizer's own, test/dom/sanitize-corpus),
 * `PAYLOADS` and `hostileSettings` (every string setting hostile, test/browser/hardening-xss), which the hosted page's
 * tests (issue 35 item 1) run too, and the agreement of the sanitizer's DOM and string outputs takes both corpora.
 */

/** Owner HTML meant to break out of the sanitizer: markup, URLs, CSS, mutation XSS, deep nesting. */
export const CORPUS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="javascript:alert(1)">',
  '<IMG SRC=JaVaScRiPt:alert(1)>',
  '<img src=" &#14;  javascript:alert(1)">',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="  javascript:alert(1)">x</a>',
  '<a href="java\nscript:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href=/relative>x</a>',
  '<svg/onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
  '<style><style/><img src=x onerror=alert(1)>',
  '<xmp><img src=x onerror=alert(1)></xmp>',
  '<textarea><img src=x onerror=alert(1)></textarea>',
  '<title><img src=x onerror=alert(1)></title>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<iframe src=javascript:alert(1)>',
  '<object data=javascript:alert(1)>',
  '<embed src=javascript:alert(1)>',
  '<form action=javascript:alert(1)><input type=submit>',
  '<button formaction=javascript:alert(1)>x</button>',
  '<input autofocus onfocus=alert(1)>',
  '<select autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror=alert(1)>',
  '<body onload=alert(1)>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<div style="width: expression(alert(1))">x</div>',
  '<div style="position:fixed;top:0;left:0;width:100%;height:100%">overlay</div>',
  '<p style="color:red;\\62 ackground:url(x)">x</p>',
  '<a href="https://ok.example" onclick="alert(1)" onmouseover=alert(1)>x</a>',
  '<p id="mc-EMAIL-0" name="EMAIL">clobber</p>',
  '<img name="getElementById">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<link rel=import href=https://evil.example>',
  '<template><img src=x onerror=alert(1)></template>',
  '<!--<img src=x onerror=alert(1)>-->',
  '<![CDATA[<img src=x onerror=alert(1)>]]>',
  '<?xml version="1.0"?><img src=x onerror=alert(1)>',
  '<p>unclosed <b>bold <i>italic',
  '</p></div></b>stray end tags',
  '<scr<script>ipt>alert(1)</script>',
  '<<script>script>alert(1)//<</script>/script>',
  '<img src="x` `<script>alert(1)</script>"` `>',
  '<a href="https://ok.example"title="t"onclick=alert(1)>x</a>',
  '<img """><script>alert(1)</script>">',
  '<div ' + 'a="1" '.repeat(500) + '>many attributes</div>',
  '<b>'.repeat(5000) + 'deep',
];

/** What a payload runs when it gets through (the browser tests count it). */
export const RUN = 'top.__pwned++';
/** The corpus: markup, attribute breaks, URLs, CSS, mutation XSS, and unicode tricks. */
export const PAYLOADS: string[] = [
  `<script>${RUN}</script>`,
  `<img src=x onerror="${RUN}">`,
  `<img src="/pwn-img" onerror=${RUN}>`,
  `<a href="javascript:${RUN}">click</a>`,
  `<a href="java&#x09;script:${RUN}">tab</a>`,
  `<a href=" &#14; JaVaScRiPt:${RUN}">case</a>`,
  `<svg onload="${RUN}"><circle r=1></circle></svg>`,
  `<svg><script>${RUN}</script></svg>`,
  `<noscript><p title="</noscript><img src=x onerror=${RUN}>">`,
  `<math><mtext><table><mglyph><style><img src=x onerror=${RUN}>`,
  `<svg></p><style><a id="</style><img src=1 onerror=${RUN}>">`,
  `<form><math><mtext></form><form><mglyph><style></math><img src onerror=${RUN}>`,
  `"><img src=x onerror=${RUN}>`,
  `'><script>${RUN}</script>`,
  `" autofocus onfocus="${RUN}" x="`,
  `</style><script>${RUN}</script>`,
  `</textarea></title></noscript><script>${RUN}</script>`,
  `red;background:url(/pwn-css)`,
  `<div style="background-image:url(/pwn-css);color:red">css</div>`,
  `<style>@import '/pwn-css';*{background:url(/pwn-css)}</style>`,
  `expression(${RUN})`,
  `\uff1cscript\uff1e${RUN}\uff1c/script\uff1e`,
  `<scr\u0000ipt>${RUN}</scr\u0000ipt>\u202e\u2028\u2029`,
  `<img src=x o\u0000nerror=${RUN}>`,
  `<iframe src="javascript:${RUN}"></iframe><iframe srcdoc="<script>${RUN}</script>"></iframe>`,
  `<object data="javascript:${RUN}"></object><embed src="javascript:${RUN}">`,
  `<input autofocus onfocus=${RUN}><button formaction="javascript:${RUN}">b</button>` +
    '<select><option>o</select><textarea>t</textarea>',
  `<details open ontoggle=${RUN}><summary>s</summary></details>`,
  `<img src="data:image/svg+xml,<svg onload=alert(1)>">`,
  `<meta http-equiv="refresh" content="0;url=javascript:${RUN}"><base href="javascript:/">`,
  `javascript:${RUN}`,
  `//x" onerror="${RUN}`,
  `{{constructor.constructor('${RUN}')()}}`,
  `<a href=# onclick=${RUN} id=mc-EMAIL-0 name=EMAIL>clobber</a><img name=__mcsf id=__mcsf src=x>`,
  `<!--<img src=x onerror=${RUN}>--><![CDATA[<img src=x onerror=${RUN}>]]>`,
  `<img src=x onerror=alert(1)><a href="javascript:alert(1)">a</a>`,
];

/** The text for each slot of the settings, asked once per slot in the order the settings object lists them. */
export interface Fill {
  /** The payloads it puts in the slots, for messages. */
  label: string;
  next(): string;
}
/** `x` in every slot. */
export const every = (x: string): Fill => ({ label: JSON.stringify(x), next: () => x });
/** The payloads `xs` by turns over the slots, the first slot taking `xs[from]`. */
export const byTurns = (xs: string[], from: number): Fill => {
  let i = from;
  return { label: JSON.stringify(xs), next: () => xs[i++ % xs.length] };
};

/**
 * A settings object with the fill's payloads in every string setting and owner-HTML field (spec 3.2, 3.3, 3.4). Field
 * names carry a suffix so that no two collide (a collision drops a field, which would change the form rather than
 * attack it).
 */
export function hostileSettings(fill: Fill, o: { sms?: boolean } = {}): Record<string, unknown> {
  const x = fill.next;
  const choices = [
    { value: x(), label: x() },
    { value: `${x()} b`, label: x() },
  ];
  const btn = { color: x(), hover_color: x(), text_color: x(), alignment: x(), style: x() };
  const fields: Record<string, unknown>[] = [
    { type: 'email', name: 'EMAIL', label: x(), required: true, helper_text: x(), merge_id: 0 },
    { type: 'text', name: `${x()} 1`, label: x(), required: true, helper_text: x(), merge_id: 1 },
    { type: 'dropdown', name: `${x()} 2`, label: x(), helper_text: x(), merge_id: 2, choices },
    { type: 'radio', name: `${x()} 3`, label: x(), helper_text: x(), merge_id: 3, choices },
    { type: 'checkbox', name: `${x()} 4`, label: x(), helper_text: x(), merge_id: 4, group_id: x(), choices },
    { type: 'url', name: `${x()} 5`, label: x(), helper_text: x(), merge_id: 5 },
    { type: 'phone', name: `${x()} 6`, label: x(), helper_text: x(), merge_id: 6, phoneformat: x() },
    { type: 'checkbox', name: `${x()} 7`, label: x(), helper_text: x(), merge_id: 7, marketing_preference_id: x() },
    { type: 'checkbox', name: `${x()} 8`, label: x(), merge_id: 8, marketing_preference_id: `${x()} 8` },
  ];
  if (o.sms)
    fields.push({
      type: 'smsphone',
      name: `${x()} 9`,
      label: x(),
      required: true,
      helper_text: x(),
      merge_id: 9,
      legal: { required: x(), optional: x() },
      smsProgramData: [{ imgSrc: x(), countryCode: x(), requiredTemplate: x(), optionalTemplate: x() }],
    });
  return {
    popupDelay: x(),
    version: x(),
    template: 2,
    modalVariation: 'modal',
    appDomain: x(),
    imageUrl: x(),
    rewardsUrl: x(),
    useRewards: 'Y',
    description: x(),
    footer: x(),
    bannerDescription: x(),
    bannerCtaLabel: x(),
    closeLabel: x(),
    buttonLabel: x(),
    continueLabel: x(),
    successMsg: x(),
    doubleOptInSuccessMessage: x(),
    gdprLabel: x(),
    gdprDescription: x(),
    gdprLegal: x(),
    gdprMCLegal: x(),
    hasGdprEnabled: 'Y',
    // A number first, so that text-to-join shows with benign and hostile settings alike; the payload follows it.
    smsTransportNumber: `+1 555 0100 ${x()}`,
    useTtt: 'Y',
    translations: { required: x(), email: x(), phone: x(), url: x(), number: x(), [x()]: x() },
    styles: {
      modal: { close_link_color: x(), max_width: x() },
      button: btn,
      bannerCta: btn,
      labels: { color: x(), font: x() },
      headingColor: x(),
      headingFont: x(),
      paragraphColor: x(),
      paragraphFont: x(),
      backgroundColor: x(),
      baseFontSize: x(),
    },
    fields,
  };
}
