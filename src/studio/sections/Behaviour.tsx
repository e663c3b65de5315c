/**
 * Behaviour (issue 33 item 2, spec 3.2): whether the form shows, its trigger and frequency, where it shows (issue 36),
 * the success message's time, double opt-in, captcha, the GDPR block with its marketing preferences, SMS with
 * text-to-join, the rewards badge and the popup version, and the dev stylesheets' host.
 */
import type { Bind } from '../bind';
import { Controls, Group } from '../Control';
import type { Draft } from '../names';
import { Consents } from './Consents';
import { Section } from './Section';
import { ShowOn } from './ShowOn';
import { Trigger } from './Trigger';

const S = 'settings.';
const s = (...keys: string[]) => keys.map((k) => S + k);

export function Behaviour({ bind, draft }: { bind: Bind; draft: Draft }) {
  return (
    <Section id="behaviour" title="Behaviour">
      <Group title="When it shows">
        <Controls bind={bind} paths={s('result')} />
        <Trigger b={bind(S + 'popupDelay')} />
        <Controls bind={bind} paths={s('popupFrequency', 'confirmationDuration')} />
      </Group>
      <ShowOn bind={bind} />
      <Group title="Signup">
        <Controls bind={bind} paths={s('hasDoubleOptIn', 'captcha')} />
      </Group>
      <Group title="GDPR">
        <Controls
          bind={bind}
          paths={[
            S + 'hasGdprEnabled',
            'requireConsent',
            ...s('gdprLabel', 'gdprDescription', 'gdprLegal', 'gdprMCLegal'),
          ]}
        />
        <Consents bind={bind} draft={draft} />
      </Group>
      <Group title="SMS">
        <Controls bind={bind} paths={s('useEmailStep', 'smsTransportNumber', 'useTtt')} />
      </Group>
      <Group title="Rewards and version">
        <Controls bind={bind} paths={s('useRewards', 'rewardsUrl', 'version', 'appDomain')} />
      </Group>
    </Section>
  );
}
