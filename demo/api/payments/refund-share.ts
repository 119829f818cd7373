import { fromMinorUnits, toMinorUnits } from "./minor-units.ts";

/**
 * What cancelling some appointments of a payment gives back (issue 42: one payment pays
 * for every occurrence of a series). The money taken is split in equal shares, one per
 * appointment it paid for, in the currency's smallest step that can be charged; the
 * cancel that leaves nothing paid for gives back all that is left, so the refunds add up
 * to exactly what was taken. A payment for one appointment is one share: all of it.
 */
export function refundShare(
  payment: { taken: number; currency: string; appointments: number; refunded: number },
  cancelled: number,
  nothingLeft: boolean,
): number {
  const { currency } = payment;
  // Three-decimal currencies are charged in steps of ten (minor-units.ts): so are their shares.
  const step = toMinorUnits(1, currency) === 1000 ? 10 : 1;
  const taken = toMinorUnits(payment.taken, currency);
  const left = Math.max(0, taken - toMinorUnits(payment.refunded, currency));
  if (nothingLeft) return fromMinorUnits(left, currency);
  const share = Math.floor(taken / step / Math.max(1, payment.appointments)) * step;
  return fromMinorUnits(Math.min(left, share * cancelled), currency);
}
