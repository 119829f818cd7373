import type { Locale } from "../i18n/locale.ts";

/**
 * The events a <booking-widget> dispatches on itself for the provider's page (docs/embedding.md
 * "Events"). They bubble and cross the shadow boundary (composed), so a listener on the
 * element or on document hears them. No detail ever carries the customer's name, phone,
 * e-mail, codes or tokens: ids, times, prices and codes only.
 */
export interface WidgetEventMap {
  /** The provider is loaded and the first screen shows. */
  "bw-ready": ReadyDetail;
  /** The booking stepper moved to another step. */
  "bw-step-change": StepChangeDetail;
  /** A booking went through (after its payment, when one was taken): the receipt shows. */
  "bw-booking-confirmed": BookingConfirmedDetail;
  /** A booking did not go through. */
  "bw-booking-failed": BookingFailedDetail;
  /** My Page moved an appointment. */
  "bw-appointment-moved": AppointmentMovedDetail;
  /** My Page cancelled an appointment. */
  "bw-appointment-cancelled": AppointmentCancelledDetail;
  /** The visitor was shown an error. */
  "bw-error": WidgetErrorDetail;
}

export type WidgetEventName = keyof WidgetEventMap;

export interface ReadyDetail {
  /** The booking link (the element's company attribute). */
  company: string;
  /** The language the widget shows. */
  language: Locale;
  /** booking or my-page. */
  view: "booking" | "my-page";
}

export interface StepChangeDetail {
  /** 1-based; the staff step exists only where the customer chooses staff. */
  step: number;
  name: "service" | "staff" | "time" | "information" | "confirm" | "receipt";
}

export interface BookingConfirmedDetail {
  /** The appointment's id (one booking may hold several services: one appointment). */
  appointmentIds: number[];
  /** The chosen services in order, each with its chosen extras. */
  services: { id: number; title: string; extras: { id: number; title: string }[] }[];
  /** ISO 8601 with the provider's offset, e.g. 2026-03-10T09:00:00+01:00. */
  start: string;
  end: string;
  /** IANA time zone of the provider, e.g. Europe/Oslo. */
  timeZone: string;
  /** Sum of the services and extras; null when a service has a variable price. */
  totalPrice: number | null;
  /** ISO 4217, e.g. NOK. */
  currency: string;
  /** True when the booking was paid online before it was confirmed. */
  paid: boolean;
}

/** Why a booking did not go through. */
export type BookingFailureReason =
  /** The time was taken meanwhile (or overlaps the next appointment). */
  | "occupied"
  /** The time came closer than the page's minimum notice while the visitor filled in the form. */
  | "too-soon"
  /** The verification code could not be sent. */
  | "code-not-sent"
  /** Too many codes or wrong guesses: the visitor has to wait. */
  | "too-many-attempts"
  /** The service must be paid online and the provider has no payment set up. */
  | "no-payment-provider"
  /** The visitor already has bookings waiting for payment (the API's cap): pay one, or wait. */
  | "unpaid-waiting"
  /** A page that verifies no one took as many bookings from the visitor's network today as it allows one visitor. */
  | "too-many-bookings"
  /** The online payment failed or was abandoned; the booking waits on the confirm step. */
  | "payment-failed"
  /** Anything else (network, server). */
  | "failed";

export interface BookingFailedDetail {
  reason: BookingFailureReason;
}

export interface AppointmentMovedDetail {
  appointmentId: number;
  /** ISO 8601 with the provider's offset. */
  previousStart: string;
  start: string;
  timeZone: string;
}

export interface AppointmentCancelledDetail {
  appointmentId: number;
  start: string;
  timeZone: string;
}

export interface WidgetErrorDetail {
  /** A stable code, e.g. "occupied", "load-failed", "crashed" (docs/embedding.md "Events"). */
  code: string;
}

export type EmitWidgetEvent = <K extends WidgetEventName>(name: K, detail: WidgetEventMap[K]) => void;

/**
 * Dispatches on the <booking-widget> that holds `node` (its shadow root's host), or on
 * `node` itself when it is rendered without one (tests, a React host); nothing before mount.
 */
export function createWidgetEvents(node: () => Node | null | undefined): EmitWidgetEvent {
  return (name, detail) => {
    const inside = node();
    if (!inside) return;
    const root = inside.getRootNode();
    const target = root instanceof ShadowRoot ? root.host : inside;
    target.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
  };
}
