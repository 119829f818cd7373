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

/** What a booking of these services pays online for all its occurrences (a series is paid at once: issue 42), in whole cents. */
export function dueForOccurrences(services: readonly OnlinePricedService[], occurrences: number): number {
  return (Math.round(dueOnline(services) * 100) * Math.max(1, occurrences)) / 100;
}

/** What a booking pays online now and at the place (issue 41): shown before booking, on the receipt and on My Page. */
export interface PaymentTerms {
  /** Paid online now (and given back in full when cancelled in time; kept when cancelled late or not come). */
  now: number;
  /** Paid at the place; null when the price varies (nothing can be said). */
  atPlace: number | null;
  /** Whether what is paid now is a deposit: a part of the price, the rest paid at the place. */
  deposit: boolean;
  /** A series paid at once (issue 42): each time's share of `now`, what cancelling that time gives back. */
  each?: number;
}

/**
 * The terms of a booking whose total price is `total` (null: it varies) and that pays
 * `online` now; a series' totals are for all its `occurrences`.
 */
export function paymentTerms(online: number, total: number | null, occurrences = 1): PaymentTerms {
  const each = occurrences > 1 ? { each: Math.floor((online * 100) / occurrences) / 100 } : {};
  if (total === null) return { now: online, atPlace: null, deposit: online > 0, ...each };
  const atPlace = Math.max(0, Math.round((total - online) * 100) / 100);
  return { now: online, atPlace, deposit: online > 0 && atPlace > 0, ...each };
}
