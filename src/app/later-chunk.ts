// The one later chunk (later-screens.ts): every screen after the first and what only they
// use. Fetched once for the page, through here, so that a screen of it can tell whether it
// has arrived (lazy-screen.ts).

export type LaterModule = typeof import("./later-screens.ts");

let loaded: LaterModule | undefined;
let loading: Promise<LaterModule> | undefined;

/** The later chunk: fetched the first time it is asked for, asked again after a failure (offline). */
export function loadLater(): Promise<LaterModule> {
  loading ??= import("./later-screens.ts").then(
    (module) => {
      loaded = module;
      return module;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The later chunk once it has arrived, else undefined. */
export const laterLoaded = (): LaterModule | undefined => loaded;
