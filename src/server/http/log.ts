/**
 * The request log: one line per request, `time method path status bytes ms`. The query string is never logged (it
 * carries every submitted field), and every e-mail address in the path is masked (src/server/mask.ts), so no
 * address reaches a log file (team brief: security).
 */
import { maskAddresses } from '../mask';

/** Printable ASCII without '%' and '@': a path that no step below would change, logged as it is. */
const PLAIN = /^[\x21-\x24\x26-\x3f\x41-\x7e]*$/;

/**
 * The path as logged: no query, no fragment, e-mail addresses masked segment by segment (a '/' is a character of an
 * address's local part, but in a path it parts segments; an '@' encoded as %40 counts), control characters and
 * white space dropped.
 */
export const logPath = (rawUrl: string): string => {
  // Cut at the first '?' or '#' without a regex split (one line per request, issue 8 load).
  let end = rawUrl.indexOf('?');
  const hash = rawUrl.indexOf('#');
  if (hash >= 0 && (end < 0 || hash < end)) end = hash;
  const path = end < 0 ? rawUrl : rawUrl.slice(0, end);
  if (PLAIN.test(path)) return path.slice(0, 200) || '/';
  const masked = path.split('/').map(maskAddresses).join('/');
  return masked.replace(/[\u0000-\u001f\u007f\s]/g, '').slice(0, 200) || '/';
};

let stampMs = NaN;
let stamp = '';
/** The ISO time of now, formatted once per millisecond: under load many lines share one. */
const isoNow = (): string => {
  const now = Date.now();
  if (now !== stampMs) {
    stampMs = now;
    stamp = new Date(now).toISOString();
  }
  return stamp;
};

/** One log line. */
export const logLine = (method: string, rawUrl: string, status: number, bytes: number, ms: number): string =>
  `${isoNow()} ${method.slice(0, 10)} ${logPath(rawUrl)} ${status} ${bytes} ${ms.toFixed(1)}ms`;

/** Lines held before a flush is forced, whatever the tick. */
const MAX_PENDING = 256;

/** A request log that writes in batches. */
export interface LogSink {
  /** Queues one line (no line end). */
  line(text: string): void;
  /** Writes whatever is queued now. */
  flush(): void;
}

/**
 * A log that gathers the lines of one event-loop turn and writes them with one `write` call: one line per request
 * still, but not one synchronous write (a pipe or file write is synchronous in Node) per request on the hot path.
 * Whatever is queued is written at the latest on the next turn, or when `flush` is called (on close).
 */
export const logSink = (write: (chunk: string) => void): LogSink => {
  let pending: string[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (!pending.length) return;
    const chunk = pending.join('\n') + '\n';
    pending = [];
    write(chunk);
  };
  return {
    line(text) {
      pending.push(text);
      if (pending.length >= MAX_PENDING) flush();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    flush,
  };
};
