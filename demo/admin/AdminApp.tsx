import type { I18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { type RouterHistory, RouterProvider } from "@tanstack/react-router";
import type { AdminSession } from "booking-widget/contract";
import { useMemo, useState } from "react";
import { type AdminClock, browserClock } from "./admin-clock.ts";
import { AdminContext, type AdminContextValue } from "./admin-context.tsx";
import type { AdminClient } from "./api/admin-client.ts";
import { browserWebAuthn, type WebAuthn } from "./api/webauthn.ts";
import { POLL_MS } from "./day/use-day.ts";
import { adminRouter } from "./router.tsx";

export interface AdminAppProps {
  i18n: I18n;
  api: AdminClient;
  bookingLink: string;
  /** Who was signed in when the page opened (GET /api/admin/session), or null. */
  session: AdminSession | null;
  history?: RouterHistory;
  clock?: AdminClock;
  pollMs?: number;
  webauthn?: WebAuthn;
}

/** The back office: its language, its API, who is signed in, and the screens by address. */
export function AdminApp({
  i18n,
  api,
  bookingLink,
  session: first,
  history,
  clock = browserClock,
  pollMs = POLL_MS,
  webauthn = browserWebAuthn,
}: AdminAppProps) {
  const [session, setSession] = useState(first);
  const router = useMemo(() => adminRouter(bookingLink, history), [bookingLink, history]);
  const context: AdminContextValue = useMemo(
    () => ({ api, bookingLink, session, setSession, clock, pollMs, webauthn }),
    [api, bookingLink, session, clock, pollMs, webauthn],
  );
  return (
    <I18nProvider i18n={i18n}>
      <AdminContext.Provider value={context}>
        <RouterProvider router={router} />
      </AdminContext.Provider>
    </I18nProvider>
  );
}
