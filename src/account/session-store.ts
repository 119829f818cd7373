import { createStore } from "zustand/vanilla";
import type { CustomerAccount } from "../contract/schemas/index.ts";

/** Who is logged in, in one element: the booking's account step and My Page share it. */
export interface SessionState {
  /** The logged-in or verified customer account (its token included); null when nobody is. */
  account: CustomerAccount | null;
  /** Logged in, verified, or the profile changed: the account as the API answered it. */
  setAccount(account: CustomerAccount | null): void;
  /** Spec §4: logging out forgets the account. */
  logOut(): void;
}

/** One session per widget element: two widgets on a page never share a login. */
export function createSessionStore() {
  return createStore<SessionState>()((set) => ({
    account: null,
    setAccount: (account) => set({ account }),
    logOut: () => set({ account: null }),
  }));
}

export type SessionStore = ReturnType<typeof createSessionStore>;
