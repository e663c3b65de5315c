/** The badge area (spec 1.1, 2.2): the 'powered by' link, and the rewards badge under the rule of spec 9.3. */
import { REWARDS_TEXT } from '../constants';
import type { Settings } from './settings';

/**
 * The 'powered by' link as the provider names itself (src/popup/settings.ts `poweredBy`: none when it says so) and the
 * rewards link; they open a new tab, never the frame, and carry rel="noopener".
 */
export const Badges = ({ s: { poweredBy: p, rewards, rewardsUrl } }: { s: Settings }) => (
  <div className="mc-badges">
    {p && (
      <a className="mc-powered" href={p.url} target="_blank" rel="noopener">
        {p.text}
      </a>
    )}
    {rewards && (
      <a className="mc-rewards" href={rewardsUrl} target="_blank" rel="noopener">
        {REWARDS_TEXT}
      </a>
    )}
  </div>
);
