import type { Locale } from "./locales.ts";

/** Groups whole units with dots: 1450 → "1.450", 1234567.5 → "1.234.567,50". */
function groupDigits(amount: number): string {
  const rounded = Math.round(amount * 100) / 100;
  const [whole, fraction] = Math.abs(rounded).toFixed(2).split(".") as [string, string];
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  const sign = rounded < 0 ? "-" : "";
  return fraction === "00" ? `${sign}${grouped}` : `${sign}${grouped},${fraction}`;
}

/**
 * Spec §1/§9: a dot as thousands separator, a dollar prefix in English and Spanish and
 * a "kr" suffix in Norwegian.
 */
export function formatPrice(amount: number, locale: Locale): string {
  const digits = groupDigits(amount);
  return locale === "no" ? `${digits} kr` : `$${digits}`;
}
