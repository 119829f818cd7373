/**
 * When an appointment's reminder is due: `hoursBefore` hours (of real time, whatever
 * the clocks do in between) before it starts; null when the page sends no reminders,
 * or when the booking is made (or moved) so late that this moment has passed: the
 * receipt just sent tells the time, and a reminder minutes later would say it again.
 */
export function reminderDueAt(start: Date, now: Date, hoursBefore: number, remindersOn: boolean): Date | null {
  if (!remindersOn) return null;
  const due = new Date(start.getTime() - hoursBefore * 3_600_000);
  return due.getTime() > now.getTime() ? due : null;
}
