import { useStore } from "zustand";
import { useWidget } from "../kernel/widget-context.ts";
import type { SessionState, SessionStore } from "./session-store.ts";

/** The element's session travels with its services (app/WidgetProviders creates it), as the booking store does. */
export interface SessionServices {
  /** Who is logged in (account/session-store.ts). */
  session: SessionStore;
}

/** The session store itself, for actions and for code that reads it outside rendering. */
export function useSessionStore(): SessionStore {
  return useWidget<SessionServices>().session;
}

/** A part of the session; the component renders again when it changes. */
export function useSession<T>(selector: (state: SessionState) => T): T {
  return useStore(useWidget<SessionServices>().session, selector);
}
