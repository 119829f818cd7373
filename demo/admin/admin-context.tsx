import type { AdminSession } from "booking-widget/contract";
import { createContext, useContext } from "react";
import type { AdminClock } from "./admin-clock.ts";
import type { AdminClient } from "./api/admin-client.ts";
import type { WebAuthn } from "./api/webauthn.ts";

/** What every screen reads: the API, who is signed in, the booking page, the clock (tests pin it). */
export interface AdminContextValue {
  api: AdminClient;
  bookingLink: string;
  session: AdminSession | null;
  setSession(session: AdminSession | null): void;
  clock: AdminClock;
  /** How often an open day asks what changed (use-day.ts POLL_MS; tests shorten it). */
  pollMs: number;
  /** The browser's passkeys (tests give their own). */
  webauthn: WebAuthn;
}

export const AdminContext = createContext<AdminContextValue | null>(null);

export function useAdmin(): AdminContextValue {
  const value = useContext(AdminContext);
  if (!value) throw new Error("useAdmin outside AdminApp");
  return value;
}
