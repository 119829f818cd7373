import * as v from "valibot";

/**
 * What a booking pays online (issue 41), set per booking page and overridden per service
 * in the providers file: `{ "kind": "full" }` (the service's price, at booking),
 * `{ "kind": "deposit", "percent": 20 }` or `{ "kind": "deposit", "amount": 50 }` (in the
 * page's currency; the rest is paid at the place), or `{ "kind": "none" }`. What is paid
 * online goes back when the customer cancels in time (My Page, hoursToCancel) and is kept
 * when they cancel later or do not come.
 */
export const OnlinePayment = v.variant("kind", [
  v.strictObject({ kind: v.literal("none") }),
  v.strictObject({ kind: v.literal("full") }),
  v.pipe(
    v.strictObject({
      kind: v.literal("deposit"),
      percent: v.optional(v.pipe(v.number(), v.minValue(1, "must be 1 to 100"), v.maxValue(100, "must be 1 to 100"))),
      amount: v.optional(v.pipe(v.number(), v.gtValue(0, "must be above 0"))),
    }),
    v.check((deposit) => (deposit.percent === undefined) !== (deposit.amount === undefined), "needs a percent or an amount (one of them)"),
  ),
]);
export type OnlinePayment = v.InferOutput<typeof OnlinePayment>;

/** A service as the providers file gives it, as far as what it pays online goes. */
export interface PricedFixtureService {
  price: number;
  discountPrice?: number | undefined;
  disablePrice: boolean;
  mustPayOnline: boolean;
  payOnlinePrice?: number | undefined;
  onlinePayment?: OnlinePayment | undefined;
}

/**
 * The spec's service fields (mustPayOnline, payOnlinePrice) that carry a service's
 * online payment: its own onlinePayment, else the spec's fields when it sets them, else
 * the page's onlinePayment. A deposit is the part of the price the visitor is shown (the
 * discount when there is one), in cents, never more than that price; a percent of a
 * price that varies is nothing online. The shared rule (contract's paymentTerms) reads
 * a pay-online price under the price as a deposit.
 */
export function onlinePaymentFields(
  service: PricedFixtureService,
  page: OnlinePayment | undefined,
): { mustPayOnline: boolean; payOnlinePrice: number | null } {
  const ownSpecFields = service.mustPayOnline || service.payOnlinePrice !== undefined;
  const policy = service.onlinePayment ?? (ownSpecFields ? undefined : page);
  if (!policy) return { mustPayOnline: service.mustPayOnline, payOnlinePrice: service.payOnlinePrice ?? null };
  if (policy.kind === "none") return { mustPayOnline: false, payOnlinePrice: null };
  if (policy.kind === "full") return { mustPayOnline: true, payOnlinePrice: null };
  const shown = service.disablePrice
    ? null
    : service.discountPrice !== undefined && service.discountPrice < service.price
      ? service.discountPrice
      : service.price;
  const deposit =
    policy.amount !== undefined
      ? Math.min(policy.amount, shown ?? policy.amount)
      : shown === null
        ? 0
        : Math.round(shown * policy.percent!) / 100;
  return deposit > 0 ? { mustPayOnline: true, payOnlinePrice: deposit } : { mustPayOnline: false, payOnlinePrice: null };
}
