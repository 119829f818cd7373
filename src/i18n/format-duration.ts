import type { Locale } from "./locale.ts";

/** The hour unit: Norwegian writes "t" (time), English and Spanish "h". */
const HOUR_UNIT: Record<Locale, string> = { no: "t", en: "h", es: "h" };

/** Spec §9: up to 60 minutes as "45 min"; above as hours plus minutes, "1 h 30 min" ("1 t 30 min"). */
export function formatDuration(minutes: number, locale: Locale): string {
  if (minutes <= 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const unit = HOUR_UNIT[locale];
  return rest === 0 ? `${hours} ${unit}` : `${hours} ${unit} ${rest} min`;
}

/** The duration the customer is told: serviceDurationInMinutes when above 0. */
export function customerDuration(service: { durationInMinutes: number; serviceDurationInMinutes: number | null }): number {
  return service.serviceDurationInMinutes && service.serviceDurationInMinutes > 0
    ? service.serviceDurationInMinutes
    : service.durationInMinutes;
}
