import type { NotificationChannel } from "../../contract/schemas/index.ts";

export type ReceiptSentence =
  | { kind: "receiptAndReminder"; channels: NotificationChannel[] }
  | { kind: "receiptOnly"; channels: NotificationChannel[] }
  | { kind: "reminderOnly"; channels: NotificationChannel[] }
  | null;

const ORDER: NotificationChannel[] = ["email", "sms", "whatsapp"];

/**
 * What the receipt step promises (spec §2): a receipt and/or a reminder, on the
 * channels the customer ticked among the provider's customerReceiptAndReminderMode.
 */
export function receiptSentence(receipt: readonly NotificationChannel[], reminder: readonly NotificationChannel[]): ReceiptSentence {
  const channels = (list: readonly NotificationChannel[]) => ORDER.filter((c) => list.includes(c));
  if (receipt.length > 0 && reminder.length > 0) return { kind: "receiptAndReminder", channels: channels([...receipt, ...reminder]) };
  if (receipt.length > 0) return { kind: "receiptOnly", channels: channels(receipt) };
  if (reminder.length > 0) return { kind: "reminderOnly", channels: channels(reminder) };
  return null;
}
