/** The badge area (spec 1.1, 2.2): the 'powered by' link, and the rewards badge under the rule of spec 9.3. */
import { POWERED_BY_TEXT, POWERED_BY_URL, REWARDS_TEXT } from '../constants';
import type { Settings } from './settings';

/** The 'powered by' and rewards links; they open a new tab, never the frame, and carry rel="noopener". */
export const Badges = ({ s }: { s: Settings }) => (
  <div class="mc-badges">
    <a class="mc-powered" href={POWERED_BY_URL} target="_blank" rel="noopener">
      {POWERED_BY_TEXT}
    </a>
    {s.rewards && (
      <a class="mc-rewards" href={s.rewardsUrl} target="_blank" rel="noopener">
        {REWARDS_TEXT}
      </a>
    )}
  </div>
);
