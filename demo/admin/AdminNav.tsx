import { useLingui } from "@lingui/react";
import { Link } from "@tanstack/react-router";
import { allows, type AdminSession } from "booking-widget/contract";
import { am } from "./i18n/area-messages.ts";

/**
 * The way between the day and the administration area: shown only to a role with
 * administration Read or more (the others have the day alone, and nothing to move to).
 * The current screen's link says so (aria-current="page", TanStack Router's Link).
 */
export function AdminNav({ session }: { session: AdminSession }) {
  const { _ } = useLingui();
  if (!allows(session.role, "administration", "read")) return null;
  return (
    <nav className="admin-nav" aria-label={_(am.sections)}>
      <ul>
        <li>
          <Link to="/" activeOptions={{ exact: true, includeSearch: false }}>
            {_(am.navDay)}
          </Link>
        </li>
        <li>
          <Link to="/people">{_(am.navPeople)}</Link>
        </li>
        <li>
          <Link to="/roles">{_(am.navRoles)}</Link>
        </li>
        <li>
          <Link to="/audit">{_(am.navAudit)}</Link>
        </li>
      </ul>
    </nav>
  );
}
