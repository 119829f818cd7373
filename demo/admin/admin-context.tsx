import type { AdminSession } from "booking-widget/contract";
import { createContext, useContext } from "react";
import type { AdminClient } from "./api/admin-client.ts";

/** What every screen reads: the API, who is signed in, the booking page, "now" (tests pin it). */
export interface AdminContextValue {
  api: AdminClient;
  bookingLink: string;
  session: AdminSession | null;
  setSession(session: AdminSession | null): void;
  now(): Date;
}

export const AdminContext = createContext<AdminContextValue | null>(null);

export function useAdmin(): AdminContextValue {
  const value = useContext(AdminContext);
  if (!value) throw new Error("useAdmin outside AdminApp");
  return value;
}
