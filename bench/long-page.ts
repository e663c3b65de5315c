/** A long host page's body for bench/long-host.ts and bench/hold-cost.ts: `n` short articles, eight elements each. */
export const longBody = (n: number): string => {
  const article = (i: number) =>
    `<article><h2>Post ${i}</h2><p>Some <a href="#${i}">text</a> and <em>more</em> words.</p>` +
    '<ul><li>a</li><li>b</li></ul></article>';
  return `<main><h1>Long host</h1>${Array.from({ length: n }, (_, i) => article(i)).join('')}</main>`;
};
