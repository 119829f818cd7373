import type { AvailableHour, Service, ServiceBookingSelection, ServiceCategory } from "../../contract/schemas/index.ts";
import { customerDuration } from "../../i18n/format-duration.ts";
import { dueForOccurrences, type PaymentTerms, paymentTerms, servicePrice } from "../../contract/rules/service-price.ts";
import { findService } from "../service/find-service.ts";

export interface SummaryLine {
  service: Service;
  extras: { id: number; title: string; price: number; durationInMinutes: number }[];
  /** The service's price (discount when present) plus its extras; null for a variable price. */
  price: number | null;
  /** What the customer is told: the service's customer duration plus its extras. */
  minutes: number;
}

export interface BookingSummary {
  lines: SummaryLine[];
  /** Sum of the lines (times a series' occurrences); null when any line has a variable price. */
  total: number | null;
  /** What must be paid online now: the shared rule (contract/rules/service-price.ts), as the API charges it. */
  payOnline: number;
  /** What is paid now and at the place, and whether the part now is a deposit. */
  terms: PaymentTerms;
  date: string | null;
  start: string | null;
  end: string | null;
}

/** The chosen services as Service objects (unknown ids are left out). */
export function chosenServices(categories: readonly ServiceCategory[], selections: readonly ServiceBookingSelection[]): Service[] {
  return selections.map((s) => findService(categories, s.serviceId)).filter((s): s is Service => s !== undefined);
}

/**
 * The confirm step's summary table (spec §2): each service with its chosen extras,
 * price and customer duration, the time with its end, and the total. A series of
 * `occurrences` (issue 42) totals and pays for all of them at once.
 */
export function bookingSummary(
  categories: readonly ServiceCategory[],
  selections: readonly ServiceBookingSelection[],
  hour: AvailableHour | null,
  occurrences = 1,
): BookingSummary {
  const lines: SummaryLine[] = [];
  for (const selection of selections) {
    const service = findService(categories, selection.serviceId);
    if (!service) continue;
    const extras = (service.children ?? []).filter((extra) => (selection.extraServiceIds ?? []).includes(extra.id));
    const shown = servicePrice(service);
    const extrasPrice = extras.reduce((sum, extra) => sum + extra.price, 0);
    lines.push({
      service,
      extras,
      price: shown.kind === "variable" ? null : shown.price + extrasPrice,
      minutes: customerDuration(service) + extras.reduce((sum, extra) => sum + extra.durationInMinutes, 0),
    });
  }
  const times = Math.max(1, occurrences);
  const once = lines.reduce((sum, line) => sum + Math.round((line.price ?? 0) * 100), 0);
  const total = lines.some((line) => line.price === null) ? null : (once * times) / 100;
  const payOnline = dueForOccurrences(
    lines.map((line) => line.service),
    times,
  );
  return {
    lines,
    total,
    payOnline,
    terms: paymentTerms(payOnline, total, times),
    date: hour?.date ?? null,
    start: hour?.label ?? null,
    end: hour ? hour.customerAppointmentEndLabel || hour.appointmentEndLabel : null,
  };
}
