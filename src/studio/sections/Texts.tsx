/**
 * Texts (issue 33 item 2): the form's title, its rich texts (description, footer, banner description), the labels of
 * its buttons, the success messages and the validation messages (spec 3.2 `translations`, with the English text the
 * popup and the provider use when one is empty); its language and direction, and the built-in texts in that language
 * (issue 35 item 5: `translations` keyed by their English, src/form-model/texts.ts).
 */
import { DEFAULT_MESSAGES, STORE_MESSAGES } from '../../form-model/rules';
import type { Bind } from '../bind';
import { BUILT_IN_TEXTS } from '../../form-model/built-in-texts';
import { keyPath } from '../../form-model/names';
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
      <Group title="Language">
        <Controls bind={bind} paths={[S + 'lang', S + 'dir']} />
      </Group>
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
      <Group title="Built-in texts">
        <p className="hint">
          What the popup and the hosted page say themselves, in the form’s language. Empty: the English text shown in
          each box.
        </p>
        {BUILT_IN_TEXTS.map(([where, texts]) => (
          <Group key={where} title={where}>
            <Controls bind={bind} paths={texts.map((en) => keyPath(S + 'translations', en))} />
          </Group>
        ))}
      </Group>
    </Section>
  );
}
