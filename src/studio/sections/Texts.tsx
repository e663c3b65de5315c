/**
 * Texts (issue 33 item 2): the form's title, its rich texts (description, footer, banner description), the labels of
 * its buttons, the success messages and the validation messages (spec 3.2 `translations`, with the English text the
 * popup and the provider use when one is empty).
 */
import { DEFAULT_MESSAGES, STORE_MESSAGES } from '../../form-model/rules';
import type { Bind } from '../bind';
import { MESSAGES } from '../catalogue';
import { Control, Controls, Group } from '../Control';
import { Section } from './Section';

const S = 'settings.';
const DEFAULTS: Record<string, string> = { ...DEFAULT_MESSAGES, ...STORE_MESSAGES };

export function Texts({ bind }: { bind: Bind }) {
  return (
    <Section id="texts" title="Texts">
      <Control b={bind('title')} />
      <Controls bind={bind} paths={['description', 'footer', 'bannerDescription'].map((k) => S + k)} />
      <Group title="Labels">
        <Controls
          bind={bind}
          paths={['buttonLabel', 'continueLabel', 'bannerCtaLabel', 'closeLabel'].map((k) => S + k)}
        />
      </Group>
      <Group title="Success messages">
        <Controls bind={bind} paths={['successMsg', 'doubleOptInSuccessMessage'].map((k) => S + k)} />
      </Group>
      <Group title="Validation messages" b={bind(S + 'translations')}>
        <p className="hint">Empty: the English text shown in each box.</p>
        {MESSAGES.map(([k]) => {
          const b = bind(`${S}translations.${k}`);
          return <Control key={k} b={{ ...b, def: { ...b.def, placeholder: DEFAULTS[k] } }} />;
        })}
      </Group>
    </Section>
  );
}
