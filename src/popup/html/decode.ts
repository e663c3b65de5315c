/**
 * Character references in the owner's HTML (spec 2.2 rich HTML), decoded to text: used by the sanitizer
 * (src/popup/html/sanitize.ts) for text and attribute values, and by the settings (src/popup/settings.ts) for the
 * 'fixed' variation's plain-text description.
 */

/** The named character references editors write most (others stay as written; editors mostly write UTF-8). */
const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  rsquo: '’',
  hellip: '…',
};

/** Decodes character references: the named ones above and every numeric one (invalid code points become U+FFFD). */
export const decode = (s: string): string =>
  s.replace(/&(#x[\da-f]+|#\d+|[a-z]+);?/gi, (m, r: string) => {
    if (r[0] !== '#') return NAMED[r.toLowerCase()] ?? m;
    const cp = r[1] === 'x' || r[1] === 'X' ? parseInt(r.slice(2), 16) : +r.slice(1);
    return cp > 0 && cp < 0x110000 && (cp < 0xd800 || cp > 0xdfff) ? String.fromCodePoint(cp) : '\ufffd';
  });
