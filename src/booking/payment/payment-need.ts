import type { Provider, Service } from "../../contract/schemas/index.ts";
import { type OnlinePaymentMethod, paymentMethodOf } from "../../contract/rules/payment-method.ts";

/** How a booking is paid online (spec §4 "Booking submission", §3 onlineTransactionProvider). */
export type PaymentNeed =
  | { kind: "none" }
  /** 0 (none). */
  | { kind: "no-provider" }
  | { kind: "pay"; amount: number; method: OnlinePaymentMethod };

export function paymentNeed(
  provider: Pick<Provider, "onlineTransactionProvider">,
  services: readonly Service[],
  amount: number,
): PaymentNeed {
  if (!services.some((service) => service.mustPayOnline)) return { kind: "none" };
  const method = paymentMethodOf(provider.onlineTransactionProvider);
  return method ? { kind: "pay", amount, method } : { kind: "no-provider" };
}
