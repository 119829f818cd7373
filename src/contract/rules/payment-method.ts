import { OnlineProvider } from "../enumerations.ts";

/**
 * How a provider takes online payments (spec §3 onlineTransactionProvider): 1 is the
 * payment form (payu), 2 the card provider (card: payu/initiate with provider "card", our
 * extension, as the spec does not show its start), 3 the mobile wallet (vipps); 0 takes
 * none. Shared by the widget and the API.
 */
export type OnlinePaymentMethod = "payu" | "card" | "vipps";

const METHODS: Record<number, OnlinePaymentMethod> = {
  [OnlineProvider.PayU]: "payu",
  [OnlineProvider.Card]: "card",
  [OnlineProvider.Vipps]: "vipps",
};

export function paymentMethodOf(onlineTransactionProvider: number | null | undefined): OnlinePaymentMethod | null {
  return METHODS[onlineTransactionProvider ?? 0] ?? null;
}
