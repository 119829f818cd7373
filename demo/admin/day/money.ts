import { intlTagOf } from "../i18n/admin-i18n.ts";

/** An amount in the provider's currency, in the visitor's language ("650,00 kr", "NOK 650.00"). */
export const money = (amount: number, currency: string, locale: string) =>
  new Intl.NumberFormat(intlTagOf(locale), { style: "currency", currency }).format(amount);
