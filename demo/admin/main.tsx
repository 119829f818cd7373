import { createRoot } from "react-dom/client";
import { adminClient } from "./api/admin-client.ts";
import { AdminApp } from "./AdminApp.tsx";
import { adminI18n, browserLocale } from "./i18n/admin-i18n.ts";

/** The back office's page: /{bookingLink}/admin and below (the server sends this one shell for all). */
const bookingLink = decodeURIComponent(location.pathname.split("/")[1] ?? "");
const locale = browserLocale(navigator.languages ?? [navigator.language]);
document.documentElement.lang = locale === "no" ? "nb" : locale;
const api = adminClient();
const [i18n, session] = await Promise.all([adminI18n(locale), api.session().catch(() => null)]);
document.title = `${i18n._("admin.appName")} · ${bookingLink}`;
createRoot(document.getElementById("admin")!).render(<AdminApp i18n={i18n} api={api} bookingLink={bookingLink} session={session} />);
