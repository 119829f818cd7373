import type { NotificationChannel } from "../../contract/schemas/index.ts";

/** The confirm step's own inputs: comment, notification ticks, newsletter, consent. */
export interface ConfirmDraft {
  comment: string;
  /** Ticked receipt channels; null until the customer changes one (then all offered are ticked). */
  receipt: NotificationChannel[] | null;
  /** Ticked reminder channels; null as for receipt. */
  reminder: NotificationChannel[] | null;
  signupNewsletter: boolean;
  consent: boolean;
}

export const emptyConfirmDraft: ConfirmDraft = { comment: "", receipt: null, reminder: null, signupNewsletter: false, consent: false };

/**
 * The channels the customer may tick (spec §2 "Confirm step"): those of the provider's
 * customerReceiptAndReminderMode that the customer can be reached on (e-mail needs an
 * address; SMS and WhatsApp a phone number).
 */
export function offeredChannels(
  mode: readonly NotificationChannel[],
  customer: { emailAddress: string; phoneNumber: string },
): NotificationChannel[] {
  const reachable = (channel: NotificationChannel) =>
    channel === "email" ? customer.emailAddress.trim() !== "" : customer.phoneNumber.trim() !== "";
  return (["email", "sms", "whatsapp"] as const).filter((channel) => mode.includes(channel) && reachable(channel));
}

/** The ticked channels among those offered; untouched ticks default to all offered. */
export function tickedChannels(
  ticked: readonly NotificationChannel[] | null,
  offered: readonly NotificationChannel[],
): NotificationChannel[] {
  return ticked === null ? [...offered] : offered.filter((channel) => ticked.includes(channel));
}

/** Ticks or unticks `channel`. */
export function toggleChannel(ticked: readonly NotificationChannel[], channel: NotificationChannel): NotificationChannel[] {
  return ticked.includes(channel) ? ticked.filter((c) => c !== channel) : [...ticked, channel];
}
