import { Marked, type Tokens } from 'marked';
import { parseVideo, placeholderHtml, VIDEO_LINE, type VideoPlaceholder } from './videoDirective';

/**
 * Markdown → HTML for posts, with marked. Posts are the owner's text, yet still sanitised before they reach a page
 * (team standard): raw HTML is shown as text, and links and images may only use http(s), mailto or relative
 * addresses. Video lines (videoDirective.ts) become placeholders.
 */

/** True for addresses a post may link to. */
export const safeUrl = (href: string): boolean =>
  !/^[a-z][\w+.-]*:/i.test(href.trim()) || /^(https?|mailto):/i.test(href.trim());

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface VideoToken extends Tokens.Generic {
  type: 'video';
  video: VideoPlaceholder | null;
  text: string;
}

/** Renders one post body; each call numbers its video placeholders from 1. */
export const renderMarkdown = (md: string): string => {
  let videos = 0;
  const marked = new Marked({
    gfm: true,
    extensions: [
      {
        name: 'video',
        level: 'block',
        start: (src: string) => src.match(/^::video/m)?.index,
        tokenizer(src: string) {
          const m = VIDEO_LINE.exec(src);
          if (!m) return undefined;
          const token: VideoToken = { type: 'video', raw: m[0], text: m[0], video: parseVideo(m[1], m[2], m[3]) };
          return token;
        },
        renderer(token: Tokens.Generic) {
          const t = token as VideoToken;
          return t.video ? placeholderHtml(t.video, ++videos) : `<p>${esc(t.text.trim())}</p>\n`;
        },
      },
    ],
    renderer: {
      html: ({ text }: Tokens.HTML | Tokens.Tag) => esc(text),
    },
    walkTokens(token) {
      if ((token.type === 'link' || token.type === 'image') && !safeUrl(token.href)) token.href = '#';
    },
  });
  return marked.parse(md, { async: false });
};
