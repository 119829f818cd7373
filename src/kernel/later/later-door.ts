// The door to the one later chunk: every screen after the first and what only they use
// (app/later-screens.ts, which says why it is one chunk). Features load it through here;
// the composition root opens the door (app/WidgetProviders.tsx), so that nothing below
// the root imports the chunk itself, and a screen of it can tell whether it has arrived
// (lazy-screen.ts).

/**
 * What the later chunk exports, by name. Empty here: app/later-screens.ts fills it in by
 * declaration merging, as the booking store joins WidgetServices.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by declaration merging (app/later-screens.ts)
export interface LaterModule {}

let open: (() => Promise<LaterModule>) | undefined;
let loaded: LaterModule | undefined;
let loading: Promise<LaterModule> | undefined;

/** How the later chunk is fetched: set once by the composition root. */
export function openLaterDoor(fetchChunk: () => Promise<LaterModule>): void {
  open = fetchChunk;
}

/** The later chunk: fetched the first time it is asked for, asked again after a failure (offline). */
export function loadLater(): Promise<LaterModule> {
  if (!open) return Promise.reject(new Error("The later chunk's door is not open (app/WidgetProviders.tsx opens it)."));
  loading ??= open().then(
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
