import type { PaymentOutcome } from "../../contract/schemas/index.ts";

/** What the return page shows of a payment (issue 41): never "declined" while its outcome is open. */
export type ReturnOutcome = "success" | "failure" | "pending" | "refunded";

/**
 * The return page's reading of GET payments/{id}: only a paid payment shows a receipt. A
 * pending one is waited for only while it is settling (paid at the gateway, its money on
 * the way); pending alone means nobody paid (a forged or early return address).
 */
export function returnOutcome(answer: Pick<PaymentOutcome, "status" | "settling">): ReturnOutcome {
  switch (answer.status) {
    case "paid":
      return "success";
    case "pending":
      return answer.settling ? "pending" : "failure";
    case "refunded":
      return "refunded";
    default:
      return "failure";
  }
}

/** How often, and how many times, the return page asks again about a payment still pending (about half a minute). */
export const PENDING_RECHECK_MS = 3_000;
export const PENDING_RECHECKS = 10;
