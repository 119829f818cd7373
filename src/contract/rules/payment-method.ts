import { OnlineProvider } from "../enumerations.ts";

/**
 * How a provider takes online payments (spec §3 onlineTransactionProvider): 1 is the
 * payment form (payu), 3 the mobile wallet (vipps). 0 (none) and 2 (the card provider,
 * whose start the spec does not show) take none. Shared by the widget and the API.
 */
export type OnlinePaymentMethod = "payu" | "vipps";

export function paymentMethodOf(onlineTransactionProvider: number | null | undefined): OnlinePaymentMethod | null {
  return onlineTransactionProvider === OnlineProvider.PayU ? "payu" : onlineTransactionProvider === OnlineProvider.Vipps ? "vipps" : null;
}
