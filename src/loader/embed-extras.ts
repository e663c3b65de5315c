/**
 * embed-extras.js: the loader's parts that only some visitors need (docs/decisions/fetched-when-needed.md: embed.js
 * keeps to its budget), fetched by embed.js beside itself when one is needed: the campaign check (a visitor from a
 * campaign e-mail), the exit, middle and bottom triggers, and the way to embed-rules.js for settings with display
 * rules. It publishes them on `window.__mcsf.lx` (src/types.ts `LoaderExtras`).
 */
import { shared } from '../browser/shared';
import { checkCampaign } from './campaign';
import { withRules } from './with-rules';
import { arm } from './triggers';

shared.lx = {
  checkCampaign,
  arm: (t, fire, ahead) => (typeof t === 'object' ? withRules(t, fire, ahead, arm) : arm(t, fire, ahead)),
};
