/** What a service asks to be paid online (its pay-online price, else what it costs). */
export interface OnlinePrice {
  mustPayOnline: boolean;
  payOnlinePrice: number | null;
  price: number;
  discountPrice: number | null;
}

/**
 * The amount a booking of these services must pay online before it is confirmed: the
 * server's own sum, for the booking call (a payment must cover it) and for a payment
 * started for a held booking (its amount), never the client's.
 */
export function dueOnline(services: readonly OnlinePrice[]): number {
  const cents = services
    .filter((s) => s.mustPayOnline)
    .reduce((sum, s) => sum + Math.round((s.payOnlinePrice ?? s.discountPrice ?? s.price) * 100), 0);
  return cents / 100;
}

/** The SQL columns of OnlinePrice for a services row `s`. */
export const ONLINE_PRICE_SQL = `s.must_pay_online AS "mustPayOnline", s.pay_online_price::float8 AS "payOnlinePrice",
  s.price::float8 AS price, s.discount_price::float8 AS "discountPrice"`;
