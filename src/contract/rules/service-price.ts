/**
 * What a service costs and what a booking must pay online: one rule for the widget (what
 * the visitor is shown) and the reference API (what it charges). Pure; both sides import it.
 */
export interface PricedService {
  price: number;
  discountPrice: number | null;
  /** The price varies (spec §3): no amount is shown. */
  disablePrice: boolean;
}

/** What a service row shows as its price. */
export type ServicePrice =
  | { kind: "variable" }
  | { kind: "discount"; price: number; original: number }
  | { kind: "regular"; price: number };

/** A variable price (disablePrice) shows no amount; a discount (only below the price) shows both amounts. */
export function servicePrice(service: PricedService): ServicePrice {
  if (service.disablePrice) return { kind: "variable" };
  if (service.discountPrice !== null && service.discountPrice < service.price) {
    return { kind: "discount", price: service.discountPrice, original: service.price };
  }
  return { kind: "regular", price: service.price };
}

export interface OnlinePricedService extends PricedService {
  mustPayOnline: boolean;
  payOnlinePrice: number | null;
}

/**
 * What one service asks to be paid online: its pay-online price, else the price the
 * visitor is shown (the discount when it is one); nothing for a price that varies, and
 * nothing for a service paid at the place.
 */
export function onlineAmount(service: OnlinePricedService): number {
  if (!service.mustPayOnline) return 0;
  if (service.payOnlinePrice !== null) return service.payOnlinePrice;
  const shown = servicePrice(service);
  return shown.kind === "variable" ? 0 : shown.price;
}

/** What a booking of these services must pay online, summed in whole cents. */
export function dueOnline(services: readonly OnlinePricedService[]): number {
  return services.reduce((cents, service) => cents + Math.round(onlineAmount(service) * 100), 0) / 100;
}
