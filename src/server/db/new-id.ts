/**
 * Ids of the lists and forms an owner makes in the studio (issue 33): 10 lower-case hex digits, random, Mailchimp's
 * shape, so a snippet names them as it names a hosted list's.
 */
import { randomBytes } from 'node:crypto';

/** A new random id: 40 bits as 10 lower-case hex digits. */
export const newId = (): string => randomBytes(5).toString('hex');

/** Tries before giving up: a clash of 40 random bits is rare; five in a row means something else is wrong. */
const TRIES = 5;

/**
 * The first result of `insert` for a new id that is not null (null: the id was taken, its ON CONFLICT did nothing);
 * throws after TRIES clashes.
 */
export const withNewId = async <T>(insert: (id: string) => Promise<T | null>): Promise<T> => {
  for (let i = 0; i < TRIES; i++) {
    const done = await insert(newId());
    if (done !== null) return done;
  }
  throw Error(`no free id after ${TRIES} tries`);
};
