/**
 * The human check of the captcha path (spec 7.1): a sum to solve, signed so the server keeps no state until it is
 * answered. `sig` binds the form, the expiry and a nonce (the challenge is ours); `seal` binds the nonce and the
 * answer. Any answer to a genuine challenge spends its nonce, the right one or a wrong one
 * (docs/decisions/shared-state-in-the-store.md): a challenge is answered once, so its few possible sums cannot be tried
 * one by one. The secret and the spent nonces are in the store, so a challenge shown by one provider process is
 * answered on any other, once (docs/decisions/shared-state-in-the-store.md).
 */
import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { CAPTCHA_TTL_MIN } from '../constants';
import { mac, storeSecret } from '../db/secret';
import type { Store } from '../store/types';

/** A challenge as the page carries it. */
export interface Challenge {
  question: string;
  exp: string;
  nonce: string;
  sig: string;
  seal: string;
}

/** Names of the challenge's inputs on the captcha page; they never collide with merge tags (upper-case, spec 3.5). */
export const CAPTCHA_INPUTS = {
  exp: 'mc_captcha_exp',
  nonce: 'mc_captcha_nonce',
  sig: 'mc_captcha_sig',
  seal: 'mc_captcha_seal',
  answer: 'mc_captcha_answer',
} as const;

/** The challenge's signature; a form key holds '/', so it never reads as the seal's 'answer' prefix. */
const sign = (secret: string, formKey: string, exp: string, nonce: string): string =>
  mac(secret, `${formKey}\n${exp}\n${nonce}`);
const sealOf = (secret: string, nonce: string, answer: string): string => mac(secret, `answer\n${nonce}\n${answer}`);
const same = (hexA: string, hexB: string): boolean =>
  timingSafeEqual(Buffer.from(hexA, 'hex'), Buffer.from(hexB, 'hex'));

/** A new challenge for form `formKey` (uuid/lid/f_id). */
export const newChallenge = async (store: Store, formKey: string, now = Date.now()): Promise<Challenge> => {
  const a = randomInt(2, 10);
  const b = randomInt(2, 10);
  const exp = String(now + CAPTCHA_TTL_MIN * 60e3);
  const nonce = randomBytes(12).toString('hex');
  const secret = await storeSecret(store);
  return {
    question: `What is ${a} plus ${b}?`,
    exp,
    nonce,
    sig: sign(secret, formKey, exp, nonce),
    seal: sealOf(secret, nonce, String(a + b)),
  };
};

/** Why an answer was refused. */
export type CheckResult = 'ok' | 'wrong' | 'expired' | 'used';

/**
 * Checks an answer to challenge `c`. A challenge that is not ours (a forged or malformed signature) is 'wrong' and
 * spends nothing; one of ours that has not expired is spent by this answer, whatever it is, and the answer then
 * decides between 'ok' and 'wrong'. Answered before (on any process sharing the store): 'used'.
 */
export const checkAnswer = async (
  store: Store,
  formKey: string,
  c: Omit<Challenge, 'question'>,
  answer: string,
  now = Date.now(),
): Promise<CheckResult> => {
  const hex64 = /^[\da-f]{64}$/;
  if (!/^\d{1,15}$/.test(c.exp) || !/^[\da-f]{24}$/.test(c.nonce) || !hex64.test(c.sig) || !hex64.test(c.seal))
    return 'wrong';
  const secret = await storeSecret(store);
  if (!same(sign(secret, formKey, c.exp, c.nonce), c.sig)) return 'wrong';
  if (Number(c.exp) < now) return 'expired';
  // One statement decides, on any process: the first to insert the nonce spends it.
  const r = await store.run(
    'INSERT INTO captcha_used (nonce, expires_at) VALUES (?, ?) ON CONFLICT (nonce) DO NOTHING',
    [c.nonce, new Date(Number(c.exp)).toISOString()],
  );
  await store.run('DELETE FROM captcha_used WHERE expires_at < ?', [new Date(now).toISOString()]);
  if (r.changes !== 1) return 'used';
  return same(sealOf(secret, c.nonce, answer.trim()), c.seal) ? 'ok' : 'wrong';
};
