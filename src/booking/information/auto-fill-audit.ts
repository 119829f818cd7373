import type { AuditEntry } from "../../contract/schemas/index.ts";

/** The audit entry of spec §3/§6 (action 3, type 4) posted when saved details fill the form. */
export function autoFilledAuditEntry(): AuditEntry {
  return {
    action: 3,
    type: 4,
    comment: "Booking form auto-filled",
    message: "The customer's details were filled in from an earlier booking saved in this browser.",
    hideForUser: true,
  };
}
