import { safeStorage } from "../storage/browser-storage.ts";

const KEY = "booking-widget:language";

/** The stored language, or null where storage is blocked (private mode, sandboxed iframe). */
export function readStoredLanguage(storage: Pick<Storage, "getItem"> | undefined = safeStorage()): string | null {
  try {
    return storage?.getItem(KEY) ?? null;
  } catch {
    return null;
  }
}

export function storeLanguage(locale: string, storage: Pick<Storage, "setItem"> | undefined = safeStorage()): void {
  try {
    storage?.setItem(KEY, locale);
  } catch {
    // Storage full or blocked: the language simply is not remembered.
  }
}
