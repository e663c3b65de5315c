import type { ServerResponse } from 'node:http';
import { JSONP_CALLBACK_MAX } from '../constants';

/** A dotted path of JavaScript identifiers (`cb`, `window.__mcsf123`), ASCII only: nothing else can be called. */
const CALLBACK = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/;

/** Whether `name` may be used as a JSONP callback: an identifier path of at most 64 characters (issue 5). */
export const isCallback = (name: string): boolean => name.length <= JSONP_CALLBACK_MAX && CALLBACK.test(name);

/** JSON of `data` as a JSONP answer carries it: U+2028/U+2029 escaped (older engines read them as line ends). */
export const jsonpData = (data: unknown): string =>
  JSON.stringify(data)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The body of a JSONP answer. It starts with an empty comment so that a callback name can never be read as the
 * start of something else (the Rosetta Flash fix), and escapes U+2028/U+2029, which JSON allows in strings but
 * older JavaScript engines read as line ends.
 */
export const jsonpBody = (callback: string, data: unknown): string => `/**/${callback}(${jsonpData(data)});`;

/** `jsonpData` text with its UTF-8 length, so that an answer sent many times is measured once. */
export interface JsonpText {
  json: string;
  bytes: number;
}

/** `data` as JsonpText. */
export const jsonpText = (data: unknown): JsonpText => {
  const json = jsonpData(data);
  return { json, bytes: Buffer.byteLength(json) };
};

/**
 * Sends a JSONP answer whose data is already serialized (a cached settings answer), as a script that browsers will
 * not sniff as anything else, never cached (7.1 answers vary). `callback` must have passed `isCallback`: being ASCII,
 * its length is its byte length, and with `/**\/`, `(` and `);` the body is 7 bytes longer than the two.
 */
export const sendJsonpText = (res: ServerResponse, callback: string, text: JsonpText, head = false): void => {
  res.writeHead(200, {
    'Content-Type': 'text/javascript; charset=utf-8',
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
    // The page that ran the answer may read its timing and size too, as the embed's own files allow (static.ts).
    'Timing-Allow-Origin': '*',
    'Content-Length': callback.length + text.bytes + 7,
  });
  res.end(head ? undefined : `/**/${callback}(${text.json});`);
};

/** Sends `data` as a JSONP answer (see sendJsonpText). */
export const sendJsonp = (res: ServerResponse, callback: string, data: unknown, head = false): void =>
  sendJsonpText(res, callback, jsonpText(data), head);
