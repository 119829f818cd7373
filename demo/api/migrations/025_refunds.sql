-- Issue 42: a series is paid online by one payment for all its occurrences, and cancelling
-- some of them gives back their share. So a payment may have several refunds, and each is
-- a row of its own, made by the refund worker (demo/api/refunds/refund-sender.ts) as before:
-- claimed for a lease (FOR UPDATE SKIP LOCKED), retried with backoff, failed for good when
-- the gateway says no. appointment_ids names the cancelled occurrences whose share goes
-- back; empty: all the payment's money, which pays for nothing (time taken, another
-- amount, superseded). The payment's status is 'refunded' once nothing it paid for is left.
CREATE TABLE refunds (
  id text PRIMARY KEY,
  payment_id text NOT NULL REFERENCES payments(id) ON DELETE CASCADE,
  appointment_ids integer[] NOT NULL DEFAULT '{}',
  amount numeric(12, 3) NOT NULL CHECK (amount > 0),
  reason text NOT NULL,
  status text NOT NULL DEFAULT 'due' CHECK (status IN ('due', 'done', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_at timestamptz,
  claimed_until timestamptz,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  refunded_at timestamptz
);
-- All of a payment's money goes back once at most.
CREATE UNIQUE INDEX refunds_whole_once ON refunds (payment_id) WHERE appointment_ids = '{}';
CREATE INDEX refunds_payment_idx ON refunds (payment_id);
CREATE INDEX refunds_due_idx ON refunds (next_at) WHERE status = 'due';

INSERT INTO refunds (id, payment_id, amount, reason, status, attempts, next_at, claimed_until, error, created_at, refunded_at)
SELECT md5(id || ':refund'), id, coalesce(amount_taken, amount), coalesce(refund_reason, 'time-taken'), refund, refund_attempts,
       refund_next_at, refund_claimed_until, refund_error, coalesce(completed_at, created_at), refunded_at
  FROM payments WHERE refund IS NOT NULL AND coalesce(amount_taken, amount) > 0;

DROP INDEX payments_refund_due_idx;
ALTER TABLE payments DROP COLUMN refund;
ALTER TABLE payments DROP COLUMN refund_reason;
ALTER TABLE payments DROP COLUMN refund_attempts;
ALTER TABLE payments DROP COLUMN refund_next_at;
ALTER TABLE payments DROP COLUMN refund_claimed_until;
ALTER TABLE payments DROP COLUMN refund_error;
ALTER TABLE payments DROP COLUMN refunded_at;

-- One payment pays for every occurrence of a series (one live appointment per position);
-- any other payment pays for one live appointment, as before.
DROP INDEX appointments_one_per_payment;
CREATE UNIQUE INDEX appointments_one_per_payment ON appointments (payment_id, coalesce(series_position, 1))
  WHERE payment_id IS NOT NULL AND status <> 'cancelled';
