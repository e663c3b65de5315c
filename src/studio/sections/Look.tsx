/**
 * Look (issue 33 item 2, spec 3.3): template, variant, mobile banner, image, colours (pickers that take a typed hex
 * too), fonts, button alignment and width, overlay opacity, max width, and the base font size of strict content.
 */
import type { Bind } from '../bind';
import { Controls, Group } from '../Control';
import { Section } from './Section';

const S = 'settings.';
const st = (k: string) => `${S}styles.${k}`;

export function Look({ bind }: { bind: Bind }) {
  return (
    <Section id="look" title="Look">
      <Group title="Layout">
        <Controls
          bind={bind}
          paths={[
            S + 'template',
            S + 'modalVariation',
            S + 'useMobileBanner',
            st('modal.max_width'),
            S + 'popupOpacity',
          ]}
        />
      </Group>
      <Group title="Image">
        <Controls bind={bind} paths={[S + 'imageUrl', S + 'imageEdgeToEdge']} />
      </Group>
      <Group title="Colours" className="colours">
        <Controls
          bind={bind}
          paths={[
            'backgroundColor',
            'headingColor',
            'paragraphColor',
            'labels.color',
            'button.color',
            'button.hover_color',
            'button.text_color',
            'bannerCta.color',
            'bannerCta.hover_color',
            'bannerCta.text_color',
            'modal.close_link_color',
          ].map(st)}
        />
      </Group>
      <Group title="Fonts">
        <Controls bind={bind} paths={['headingFont', 'paragraphFont', 'labels.font', 'baseFontSize'].map(st)} />
      </Group>
      <Group title="Buttons">
        <Controls
          bind={bind}
          paths={['button.alignment', 'button.style', 'bannerCta.alignment', 'bannerCta.style'].map(st)}
        />
      </Group>
    </Section>
  );
}
