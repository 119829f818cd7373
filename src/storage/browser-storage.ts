import * as v from "valibot";

export type StorageKind = "localStorage" | "sessionStorage";

/** The browser's storage, or undefined where it is blocked (private mode, sandboxed iframe). */
export function safeStorage(kind: StorageKind = "localStorage"): Storage | undefined {
  try {
    return globalThis[kind];
  } catch {
    return undefined;
  }
}

/** A stored JSON value that still matches `schema`; anything else (missing, edited, old) is undefined. */
export function readStored<S extends v.GenericSchema>(key: string, schema: S, storage = safeStorage()): v.InferOutput<S> | undefined {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return undefined;
    const parsed = v.safeParse(schema, JSON.parse(raw));
    return parsed.success ? parsed.output : undefined;
  } catch {
    return undefined;
  }
}

/** Stores `value` as JSON; a full or blocked storage simply does not remember it. */
export function writeStored(key: string, value: unknown, storage = safeStorage()): void {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Not remembered: nothing the visitor did is lost by that.
  }
}

export function removeStored(key: string, storage = safeStorage()): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Blocked storage holds nothing to remove.
  }
}
