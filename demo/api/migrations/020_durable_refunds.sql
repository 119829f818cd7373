-- Issue 41: every payment ends in a confirmed booking or a refunded payment. A refund is
-- decided in the transaction that settles the payment (or cancels its booking) and made
-- after commit by a worker (demo/api/refunds/refund-sender.ts), like the outbox: claimed
-- for a lease (FOR UPDATE SKIP LOCKED), retried with backoff, and 'failed' when the
-- gateway refuses it for good. Its times are wall-clock times, like the outbox's.
ALTER TABLE payments DROP CONSTRAINT payments_refund_check;
ALTER TABLE payments ADD CONSTRAINT payments_refund_check CHECK (refund IN ('due', 'done', 'failed'));
-- Why the money goes back (what the customer's message says): time-taken,
-- amount-differs, superseded, cancelled-by-customer, cancelled-by-provider.
ALTER TABLE payments ADD COLUMN refund_reason text;
ALTER TABLE payments ADD COLUMN refund_attempts integer NOT NULL DEFAULT 0;
ALTER TABLE payments ADD COLUMN refund_next_at timestamptz;
ALTER TABLE payments ADD COLUMN refund_claimed_until timestamptz;
ALTER TABLE payments ADD COLUMN refund_error text;
ALTER TABLE payments ADD COLUMN refunded_at timestamptz;
-- The amount the gateway really took (amount_received), when it differs from the payment's.
ALTER TABLE payments ADD COLUMN amount_taken numeric(12, 3);
-- Money taken that does not pay for a booking is 'refunded' (the spec's transaction state
-- Refunded), whatever made it so; the refund column tells how far its refund is.
ALTER TABLE payments DROP CONSTRAINT payments_status_check;
ALTER TABLE payments ADD CONSTRAINT payments_status_check CHECK (status IN ('pending', 'paid', 'declined', 'expired', 'refunded'));
UPDATE payments SET status = 'refunded', refund_reason = 'time-taken' WHERE refund IS NOT NULL;
CREATE INDEX payments_refund_due_idx ON payments (refund_next_at) WHERE refund = 'due';
-- Each attempt at paying a held booking is a payment row of its own; the booking's attempts are counted.
CREATE INDEX payments_appointment_idx ON payments (appointment_id) WHERE appointment_id IS NOT NULL;
