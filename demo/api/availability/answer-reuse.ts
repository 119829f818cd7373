import { encode } from "../compressed-answers.ts";
import type { Encoding } from "../content-encoding.ts";

export interface AnswerReuseOptions {
  /** How long an answer is reused: availability may be this much behind another process's write (a replica's lag is more). */
  ttlMs: number;
  /** At most this many answers, and this many bytes of them (JSON and each encoding made), are kept; the oldest go first. */
  maxEntries: number;
  maxBytes: number;
  /** Milliseconds of the machine's real time (an answer's age, not a booking rule). */
  now?: () => number;
}

/** The server's: a second's reuse, at most 16 MB of answers (a month of 20 staff is ~100 KB of JSON, ~3 KB compressed). */
export const SERVER_ANSWER_REUSE: AnswerReuseOptions = { ttlMs: 1_000, maxEntries: 1_000, maxBytes: 16 * 2 ** 20 };

/**
 * The server's reuse from AVAILABILITY_REUSE_MS (how long an answer is reused; 0: never,
 * each question computed afresh), or SERVER_ANSWER_REUSE's second; a wrong one stops the start.
 */
export function answerReuseFrom(env: Record<string, string | undefined>): AnswerReuseOptions | undefined {
  const text = env.AVAILABILITY_REUSE_MS;
  if (text === undefined || text === "") return SERVER_ANSWER_REUSE;
  const ttlMs = Number(text);
  if (!Number.isInteger(ttlMs) || ttlMs < 0)
    throw new Error(`AVAILABILITY_REUSE_MS must be a whole number of milliseconds, 0 or more (not ${JSON.stringify(text)})`);
  return ttlMs === 0 ? undefined : { ...SERVER_ANSWER_REUSE, ttlMs };
}

/** An answer's JSON, and its compressed forms, each made once when first asked. */
export interface ReusedAnswer {
  readonly json: string;
  encoded(encoding: NonNullable<Encoding>): Promise<Uint8Array>;
}

interface Entry {
  until: number;
  bytes: number;
  value: Promise<ReusedAnswer>;
}

/**
 * Availability answers shared by the requests that ask the same question within `ttlMs`
 * (issue 58): those under way at once share one computation, and the ones after it its
 * JSON and its compressed bytes. A flood of months, from one address or from a thousand,
 * then costs the process one schedule in memory per question, not one per request, and
 * the honest visitor's own question waits on nothing. Any change this process makes
 * (`changed()`, after each write request) drops every answer, and an answer computed
 * while a change was made is not kept: a visitor never sees their own booking's time as
 * free. Another process's change shows within `ttlMs`. A failed computation is not kept.
 */
export function answerReuse({ ttlMs, maxEntries, maxBytes, now: currentMs = () => performance.now() }: AnswerReuseOptions) {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  let generation = 0;
  const drop = (key: string, entry: Entry) => {
    if (entries.get(key) !== entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  };
  const trim = () => {
    for (const [key, entry] of entries) {
      if (entries.size <= maxEntries && bytes <= maxBytes) break;
      drop(key, entry);
    }
  };

  return {
    answer(key: string, compute: () => Promise<unknown>): Promise<ReusedAnswer> {
      const at = currentMs();
      const found = entries.get(key);
      if (found && found.until > at) return found.value;
      if (found) drop(key, found);
      const startedIn = generation;
      const entry: Entry = { until: at + ttlMs, bytes: 0, value: undefined as never };
      const count = (size: number) => {
        if (entries.get(key) !== entry) return;
        entry.bytes += size;
        bytes += size;
        trim();
      };
      entry.value = compute().then((answer) => {
        const json = JSON.stringify(answer);
        const encodings = new Map<string, Promise<Uint8Array>>();
        return {
          json,
          encoded(encoding) {
            let made = encodings.get(encoding);
            if (!made) {
              made = encode(encoding, Buffer.from(json));
              encodings.set(encoding, made);
              void made.then((body) => count(body.byteLength)).catch(() => undefined);
            }
            return made;
          },
        };
      });
      entries.set(key, entry);
      entry.value.then(
        (reused) => {
          // Computed across a change: answered to those who asked meanwhile, kept for none after.
          if (startedIn !== generation) drop(key, entry);
          else count(reused.json.length);
        },
        () => drop(key, entry),
      );
      trim();
      return entry.value;
    },
    /** This process changed something: no answer from before is reused. */
    changed() {
      generation++;
      entries.clear();
      bytes = 0;
    },
    /** What is kept now (for tests and the bound's proof). */
    size() {
      return { entries: entries.size, bytes };
    },
  };
}

export type AnswerReuse = ReturnType<typeof answerReuse>;
