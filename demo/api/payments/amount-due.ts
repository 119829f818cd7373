import type { OnlinePricedService } from "booking-widget/contract";

/**
 * What a booking must pay online is the shared rule (src/contract/rules/service-price.ts):
 * the server's own sum, for the booking call (a payment must cover it) and for a payment
 * started for a held booking (its amount), never the client's.
 */
export { dueForOccurrences, dueOnline } from "booking-widget/contract";
export type OnlinePrice = OnlinePricedService;

/** The SQL columns of OnlinePrice for a services row `s`. */
export const ONLINE_PRICE_SQL = `s.must_pay_online AS "mustPayOnline", s.pay_online_price::float8 AS "payOnlinePrice",
  s.price::float8 AS price, s.discount_price::float8 AS "discountPrice", s.disable_price AS "disablePrice"`;
