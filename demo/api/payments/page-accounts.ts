import type { Queryable } from "../db/database.ts";
import { fromMinorUnits, toMinorUnits } from "./minor-units.ts";

/** Where a page's money goes (the providers file): its own accounts at the gateways, and the platform's share. */
export interface PageAccounts {
  /** Its Stripe connected account (acct_…), or null: the deployment's own. */
  stripeAccount: string | null;
  /** Its Vipps MobilePay merchant serial number, or null: VIPPS_MSN. */
  vippsMsn: string | null;
  /** The platform's share of each payment on its own Stripe account, in percent; null: none. */
  platformFeePercent: number | null;
}

export async function pageAccounts(db: Queryable, providerId: number): Promise<PageAccounts> {
  const [row] = await db.query<PageAccounts>(
    `SELECT stripe_account AS "stripeAccount", vipps_msn AS "vippsMsn", platform_fee_percent::float8 AS "platformFeePercent"
       FROM providers WHERE id = $1`,
    [providerId],
  );
  return row ?? { stripeAccount: null, vippsMsn: null, platformFeePercent: null };
}

/** The page's own account at a gateway (by the gateway's name), or null: the deployment's. */
export function accountAt(gateway: string, accounts: PageAccounts): string | null {
  if (gateway === "stripe") return accounts.stripeAccount;
  if (gateway === "vipps") return accounts.vippsMsn;
  return null;
}

/**
 * The platform's fee on a payment, in major units as the gateway takes it (rounded to the
 * currency's minor unit, never more than the payment): only on a page's own Stripe account,
 * where the fee is what the platform keeps of the page's money (application_fee_amount).
 */
export function platformFee(amount: number, currency: string, accounts: PageAccounts): number {
  if (!accounts.stripeAccount || !accounts.platformFeePercent) return 0;
  const minor = Math.min(Math.round((toMinorUnits(amount, currency) * accounts.platformFeePercent) / 100), toMinorUnits(amount, currency));
  return fromMinorUnits(minor, currency);
}
