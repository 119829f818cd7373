import type { IgnoredAttribute } from "../../kernel/errors/report.ts";
import { idsOf } from "../store/prefill-attributes.ts";

/** The staff attribute's person, when the staff step lists them as available for the chosen services. */
export function preselectedStaff(
  staff: readonly { id: number; nextAvailable: unknown }[],
  value: string,
): { staffId: number | null; ignored: IgnoredAttribute[] } {
  const ids = idsOf(value);
  if (ids?.length !== 1) return { staffId: null, ignored: [{ attribute: "staff", value, why: "not a staff id" }] };
  const member = staff.find((person) => person.id === ids[0]);
  if (member && member.nextAvailable !== null) return { staffId: member.id, ignored: [] };
  return {
    staffId: null,
    ignored: [
      {
        attribute: "staff",
        value,
        why: member ? "this person has no free time for these services" : "nobody with this id offers these services",
      },
    ],
  };
}
