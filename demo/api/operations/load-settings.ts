import type { LoadSettings } from "./load-shedding.ts";

/**
 * The defaults, measured with `npm run bench:flood` on 2 cores (docs/operations.md,
 * Under a flood): 12 places are about what a process's 10 database connections and its
 * one thread keep busy; with 32, an honest booking waited on the database pool behind
 * the flood's reads (p95 1.2 s on PostgreSQL against 0.1 s with 12), as the pool serves
 * in turn and only the places put writes first. 48 waiting, for a second at most, keep
 * a taken request's answer within a second.
 */
export const DEFAULT_LOAD_SETTINGS: LoadSettings = {
  maxInFlight: 12,
  maxQueued: 48,
  maxQueueWaitMs: 1_000,
  retryAfterSeconds: 1,
};

const SETTINGS = [
  ["MAX_REQUESTS_IN_FLIGHT", "maxInFlight", 1],
  ["MAX_REQUESTS_QUEUED", "maxQueued", 0],
  ["MAX_QUEUE_WAIT_MS", "maxQueueWaitMs", 1],
  ["OVERLOADED_RETRY_AFTER_SECONDS", "retryAfterSeconds", 1],
] as const;

/** The operator's load settings (each a whole number, at least its minimum), or the defaults; a wrong one stops the start with its name. */
export function loadSettingsFrom(env: Record<string, string | undefined>): LoadSettings {
  const settings = { ...DEFAULT_LOAD_SETTINGS };
  for (const [name, key, min] of SETTINGS) {
    const text = env[name];
    if (text === undefined || text === "") continue;
    const value = Number(text);
    if (!Number.isInteger(value) || value < min)
      throw new Error(`${name} must be a whole number, ${min} or more (not ${JSON.stringify(text)})`);
    settings[key] = value;
  }
  return settings;
}
