/**
 * The human check of the captcha path (spec 7.1): a sum to solve, signed so the server keeps no state until it is
 * answered. The signature binds the form, the expiry, a nonce and the answer; a nonce subscribes once.
 */
import type Database from 'better-sqlite3';
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { CAPTCHA_TTL_MIN } from '../../constants';
import { stmt } from '../db/stmt';

/** A challenge as the page carries it. */
export interface Challenge {
  question: string;
  exp: string;
  nonce: string;
  sig: string;
}

/** Names of the challenge's inputs on the captcha page; they never collide with merge tags (upper-case, spec 3.5). */
export const CAPTCHA_INPUTS = {
  exp: 'mc_captcha_exp',
  nonce: 'mc_captcha_nonce',
  sig: 'mc_captcha_sig',
  answer: 'mc_captcha_answer',
} as const;

const secretOf = (db: Database.Database): string =>
  (stmt(db, "SELECT value FROM meta WHERE key = 'secret'").get() as { value: string }).value;

const sign = (secret: string, formKey: string, exp: string, nonce: string, answer: string): string =>
  createHmac('sha256', secret).update(`${formKey}\n${exp}\n${nonce}\n${answer}`).digest('hex');

/** A new challenge for form `formKey` (uuid/lid/f_id). */
export const newChallenge = (db: Database.Database, formKey: string, now = Date.now()): Challenge => {
  const a = randomInt(2, 10);
  const b = randomInt(2, 10);
  const exp = String(now + CAPTCHA_TTL_MIN * 60e3);
  const nonce = randomBytes(12).toString('hex');
  return {
    question: `What is ${a} plus ${b}?`,
    exp,
    nonce,
    sig: sign(secretOf(db), formKey, exp, nonce, String(a + b)),
  };
};

/** Why an answer was refused. */
export type CheckResult = 'ok' | 'wrong' | 'expired' | 'used';

/** Checks an answer; on 'ok' the nonce is spent. */
export const checkAnswer = (
  db: Database.Database,
  formKey: string,
  exp: string,
  nonce: string,
  sig: string,
  answer: string,
  now = Date.now(),
): CheckResult => {
  if (!/^\d{1,15}$/.test(exp) || !/^[\da-f]{24}$/.test(nonce) || !/^[\da-f]{64}$/.test(sig)) return 'wrong';
  const want = Buffer.from(sign(secretOf(db), formKey, exp, nonce, answer.trim()), 'hex');
  if (!timingSafeEqual(want, Buffer.from(sig, 'hex'))) return 'wrong';
  if (Number(exp) < now) return 'expired';
  const r = stmt(db, 'INSERT INTO captcha_used (nonce, expires_at) VALUES (?, ?) ON CONFLICT (nonce) DO NOTHING').run(
    nonce,
    new Date(Number(exp)).toISOString(),
  );
  stmt(db, 'DELETE FROM captcha_used WHERE expires_at < ?').run(new Date(now).toISOString());
  return r.changes === 1 ? 'ok' : 'used';
};
