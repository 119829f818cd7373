import type { LoadSettings } from "./load-shedding.ts";

/**
 * The defaults, measured with `npm run bench:flood` on 2 cores (docs/operations.md,
 * Load shedding): 32 places keep a process's memory for answers under ~25 MB while
 * it still uses both cores (the database works while a request waits on it); 64 waiting
 * and a second's wait keep an admitted request's answer under a second.
 */
export const DEFAULT_LOAD_SETTINGS: LoadSettings = {
  maxInFlight: 32,
  maxQueued: 64,
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
