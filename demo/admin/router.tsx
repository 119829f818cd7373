import { useLingui } from "@lingui/react";
import {
  createRootRoute,
  createRoute,
  createRouter,
  Link,
  Navigate,
  Outlet,
  type RouterHistory,
  useNavigate,
  useRouter,
} from "@tanstack/react-router";
import { type ComponentType, lazy, Suspense, useEffect } from "react";
import * as v from "valibot";
import { allows } from "booking-widget/contract";
import { AdminNav } from "./AdminNav.tsx";
import { useAdmin } from "./admin-context.tsx";
import { am } from "./i18n/area-messages.ts";
import { m } from "./i18n/messages.ts";
import { SignIn } from "./sign-in/SignIn.tsx";

/** Why the sign-in form is shown again: signed out here, or the session ended on the server. */
const SIGN_IN_REASONS = ["signed-out", "session-ended"] as const;
export type SignInReason = (typeof SIGN_IN_REASONS)[number];

function Root() {
  const { _ } = useLingui();
  const { session, api, setSession } = useAdmin();
  const navigate = useNavigate();
  const signOut = async () => {
    await api.signOut().catch(() => undefined);
    setSession(null);
    await navigate({ to: "/sign-in", search: { reason: "signed-out" } });
  };
  return (
    <>
      <header className="admin-bar">
        <p className="admin-bar__title">
          {_(m.appName)}
          {session ? ` · ${session.provider.name}` : ""}
        </p>
        {session ? <AdminNav session={session} /> : null}
        {session ? (
          <div className="admin-bar__who">
            <span>{session.account.name}</span>
            <Link to="/account">{_(am.navAccount)}</Link>
            <button type="button" onClick={signOut}>
              {_(m.signOut)}
            </button>
          </div>
        ) : null}
      </header>
      <main className="admin-main">
        <Outlet />
      </main>
    </>
  );
}

const rootRoute = createRootRoute({ component: Root });

// Each screen but sign-in is a chunk of its own, loaded when first shown.
const PasswordReset = lazy(() => import("./sign-in/PasswordReset.tsx").then((module) => ({ default: module.PasswordReset })));
const Invitation = lazy(() => import("./sign-in/Invitation.tsx").then((module) => ({ default: module.Invitation })));
const DayScreen = lazy(() => import("./day/DayScreen.tsx").then((module) => ({ default: module.DayScreen })));
const PeopleScreen = lazy(() => import("./area/PeopleScreen.tsx").then((module) => ({ default: module.PeopleScreen })));
const RolesScreen = lazy(() => import("./area/RolesScreen.tsx").then((module) => ({ default: module.RolesScreen })));
const AccountScreen = lazy(() => import("./area/AccountScreen.tsx").then((module) => ({ default: module.AccountScreen })));
const AuditScreen = lazy(() => import("./area/AuditScreen.tsx").then((module) => ({ default: module.AuditScreen })));

function Later({ screen: Screen }: { screen: ComponentType }) {
  const { _ } = useLingui();
  return (
    <Suspense fallback={<p role="status">{_(m.loading)}</p>}>
      <Screen />
    </Suspense>
  );
}

const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/sign-in",
  validateSearch: (search: Record<string, unknown>): { reason?: SignInReason } => {
    const reason = v.safeParse(v.picklist(SIGN_IN_REASONS), search.reason);
    return reason.success ? { reason: reason.output } : {};
  },
  component: SignInScreen,
});

function SignInScreen() {
  const { reason } = signInRoute.useSearch();
  const { session } = useAdmin();
  if (session) return <Navigate to="/" />;
  return <SignIn reason={reason} />;
}

const resetRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/password-reset",
  component: () => <Later screen={PasswordReset} />,
});

/** /{bookingLink}/admin/invitation#<token>: the token stays in the fragment, never sent to a server or a referrer. */
const invitationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/invitation",
  component: () => <Later screen={Invitation} />,
});

const dayRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/",
  // Read leniently by the screen (day-search.ts): a bad value shows today, not an error.
  validateSearch: (search: Record<string, unknown>) => search as { date?: string; view?: string; staff?: number | string },
  component: DayGate,
});

/**
 * No one signed in: to sign-in. Unless a sign-in is already where the app is going: who
 * ended the session (sign-out, a session ended on the server) sends there with the reason,
 * and this must not overtake that with an address that has none.
 */
function ToSignIn() {
  const router = useRouter();
  useEffect(() => {
    if (!router.latestLocation.pathname.endsWith("/sign-in")) void router.navigate({ to: "/sign-in" });
  }, [router]);
  return null;
}

function DayGate() {
  const { session } = useAdmin();
  if (!session) return <ToSignIn />;
  return <Later screen={DayScreen} />;
}

/**
 * The administration area's screens: for administration Read or more (the API checks
 * it on every call whatever is shown; here a role without it is sent to the day).
 */
function AreaGate({ screen }: { screen: ComponentType }) {
  const { session } = useAdmin();
  if (!session) return <ToSignIn />;
  if (!allows(session.role, "administration", "read")) return <Navigate to="/" />;
  return <Later screen={screen} />;
}

const peopleRoute = createRoute({ getParentRoute: () => rootRoute, path: "/people", component: () => <AreaGate screen={PeopleScreen} /> });
const rolesRoute = createRoute({ getParentRoute: () => rootRoute, path: "/roles", component: () => <AreaGate screen={RolesScreen} /> });
const auditRoute = createRoute({ getParentRoute: () => rootRoute, path: "/audit", component: () => <AreaGate screen={AuditScreen} /> });

/** My account (one's own passkeys): anyone signed in. */
const accountRoute = createRoute({ getParentRoute: () => rootRoute, path: "/account", component: AccountGate });

function AccountGate() {
  const { session } = useAdmin();
  if (!session) return <ToSignIn />;
  return <Later screen={AccountScreen} />;
}

const routeTree = rootRoute.addChildren([
  signInRoute,
  resetRoute,
  invitationRoute,
  dayRoute,
  peopleRoute,
  rolesRoute,
  auditRoute,
  accountRoute,
]);

export function adminRouter(bookingLink: string, history?: RouterHistory) {
  return createRouter({ routeTree, basepath: `/${bookingLink}/admin`, ...(history ? { history } : {}) });
}
declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof adminRouter>;
  }
}
