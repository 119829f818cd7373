// The door to the one later chunk: every screen after the first and what only they use
// (app/later-screens.ts, which says why it is one chunk). Features load it through here;
// the composition root opens the door (app/WidgetProviders.tsx), so that nothing below
// the root imports the chunk itself, and a screen of it can tell whether it has arrived
// (lazy-screen.ts). The door does not know the chunk's names: each file that takes a part
// names it beside its use, with the module it comes from (BookingView.tsx's BookingSteps),
// and app/later-screens.ts checks that the chunk has them all.

/** The later chunk, as a module: its parts by name. */
export type LaterChunk = object;

let open: (() => Promise<LaterChunk>) | undefined;
let loaded: LaterChunk | undefined;
let loading: Promise<LaterChunk> | undefined;

/** How the later chunk is fetched: set once by the composition root. */
export function openLaterDoor(fetchChunk: () => Promise<LaterChunk>): void {
  open = fetchChunk;
}

/**
 * The later chunk: fetched the first time it is asked for, asked again after a failure
 * (offline). A room reads it as its own parts (`Parts`, the room's interface).
 */
export function loadLater<Parts = LaterChunk>(): Promise<Parts> {
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
  return loading as Promise<Parts>;
}

/** loadLater as a file reads it: its own later parts (`Parts`: each name with its function's type). */
export type LoadLater<Parts> = () => Promise<Parts>;

/** The later chunk once it has arrived, else undefined. */
export const laterLoaded = (): LaterChunk | undefined => loaded;
