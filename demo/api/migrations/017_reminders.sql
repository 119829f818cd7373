-- Issue 30: one reminder per booked appointment, a set time before it starts (a
-- provider setting, 24 hours by default), on the channels the visitor chose. A booking
-- gets its due time when it is made or moved (null: no reminder); the reminder pass
-- claims due rows (FOR UPDATE SKIP LOCKED) and marks them sent in the transaction that
-- queues the message, so each is sent once, with any number of processes and restarts.
ALTER TABLE providers ADD COLUMN reminder_hours_before integer NOT NULL DEFAULT 24 CHECK (reminder_hours_before BETWEEN 1 AND 168);
ALTER TABLE appointments ADD COLUMN reminder_due_at timestamptz;
ALTER TABLE appointments ADD COLUMN reminder_sent_at timestamptz;
CREATE INDEX appointments_reminder_due_idx ON appointments (reminder_due_at) WHERE reminder_sent_at IS NULL;
