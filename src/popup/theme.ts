/**
 * The style settings of spec 3.3 as CSS custom properties and classes on the frame's root element. They are applied
 * through the CSS object model (`style.setProperty`), never as `style` attributes in markup, so a strict
 * Content-Security-Policy (no 'unsafe-inline' styles) holds. Pure: the stylesheets read the properties with fallbacks.
 */
import type { ButtonStyle, Settings } from './settings';

const button = (out: Record<string, string>, prefix: string, b: ButtonStyle) => {
  if (b.color) out[prefix + 'bg'] = b.color;
  if (b.hover) out[prefix + 'hover'] = b.hover;
  if (b.text) out[prefix + 'text'] = b.text;
  out[prefix + 'align'] = b.align;
  out[prefix + 'width'] = b.full ? '100%' : 'auto';
};

/** The custom properties of one popup: only the colours and fonts that were given; widths and opacity always. */
export const themeVars = (s: Settings): Record<string, string> => {
  const t = s.styles;
  const out: Record<string, string> = {
    '--mc-opacity': '' + s.opacity,
    '--mc-width': s.width + 'px',
  };
  const given: [string, string][] = [
    ['--mc-heading-font', t.headingFont],
    ['--mc-p-font', t.paragraphFont],
    ['--mc-label-font', t.labelFont],
    ['--mc-bg', t.backgroundColor],
    ['--mc-heading-color', t.headingColor],
    ['--mc-p-color', t.paragraphColor],
    ['--mc-label-color', t.labelColor],
    ['--mc-close-color', t.closeColor],
  ];
  for (const [k, v] of given) if (v) out[k] = v;
  button(out, '--mc-btn-', t.button);
  button(out, '--mc-cta-', t.bannerCta);
  if (t.baseFontSize) out['--mc-base-size'] = t.baseFontSize + 'px';
  // The image is a CSS background only when the template is not 1 (spec 2.2, 9.3); JSON.stringify quotes it safely.
  if (s.imageBackground) out['--mc-image'] = `url(${JSON.stringify(s.imageUrl)})`;
  return out;
};

/**
 * Classes of the frame's root: variation, template, strict content (baseFontSize given, spec 3.3), edge-to-edge
 * image, and whether an image shows at all.
 */
export const themeClasses = (s: Settings, mobile: boolean): string =>
  [
    'mc-' + s.variation,
    'mc-t' + s.template,
    s.styles.baseFontSize ? 'mc-strict' : '',
    s.imageUrl ? 'mc-has-image' : '',
    s.imageEdgeToEdge ? 'mc-edge' : '',
    mobile ? 'mc-mobile' : '',
  ]
    .filter(Boolean)
    .join(' ');
