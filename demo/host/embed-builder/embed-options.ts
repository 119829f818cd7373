import type { WidgetEventName as ElementEventName } from "booking-widget";
import type { ChosenColour } from "./contrast.ts";

/** What a provider chooses in the embed builder (/{bookingLink}/embed). */
export interface EmbedOptions {
  view: "booking" | "my-page" | "chooser";
  /** The company id the place chooser lists (view "chooser"). */
  companyId: string;
  /** "" follows the provider's language. */
  lang: "" | "no" | "en" | "es";
  theme: "light" | "dark" | "auto";
  /** Colours over the theme's own, per mode (the last values that pass AA). */
  colours: { light: Partial<Record<ChosenColour, string>>; dark: Partial<Record<ChosenColour, string>> };
  /** Pre-selected service ids, and a staff id (booking view only). */
  services: number[];
  staff: number | null;
  /** Prefill attributes, written with placeholders for the provider's own page to fill. */
  prefill: PrefillName[];
  variant: "element" | "iframe";
  /** Off: sentry-dsn="" (no error reports from this widget). */
  errorReporting: boolean;
  /** The events the provider's page listens to (the events example). */
  events: WidgetEventName[];
}

export const PREFILL_NAMES = ["first-name", "last-name", "email", "phone"] as const;
export type PrefillName = (typeof PREFILL_NAMES)[number];

/** What each prefill attribute expects, as a placeholder in the snippet. */
export const PREFILL_PLACEHOLDERS: Record<PrefillName, string> = {
  "first-name": "{visitor's first name}",
  "last-name": "{visitor's last name}",
  email: "{visitor's e-mail}",
  phone: "{visitor's phone, +4741234567}",
};

export const WIDGET_EVENTS = [
  "bw-ready",
  "bw-step-change",
  "bw-booking-confirmed",
  "bw-booking-failed",
  "bw-appointment-moved",
  "bw-appointment-cancelled",
  "bw-error",
] as const satisfies readonly ElementEventName[];
export type WidgetEventName = (typeof WIDGET_EVENTS)[number];
// Every event the element sends is offered: the type check fails when the widget gains one this list lacks.
const everyEvent: [Exclude<ElementEventName, WidgetEventName>] extends [never] ? true : false = true;
void everyEvent;

export const defaultEmbedOptions = (): EmbedOptions => ({
  view: "booking",
  companyId: "",
  lang: "",
  theme: "light",
  colours: { light: {}, dark: {} },
  services: [],
  staff: null,
  prefill: [],
  variant: "element",
  errorReporting: true,
  events: ["bw-booking-confirmed"],
});

/** The modes a theme shows: light, dark, or both (auto follows the visitor's system). */
export const modesOf = (theme: EmbedOptions["theme"]): ("light" | "dark")[] => (theme === "auto" ? ["light", "dark"] : [theme]);
