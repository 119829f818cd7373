-- Issue 30: every message is a row written in the transaction that caused it, and a
-- sender delivers it after commit (demo/api/outbox/outbox-sender.ts): claimed for a
-- lease (FOR UPDATE SKIP LOCKED, so two processes never take one row at once), retried
-- with backoff, and finally 'failed'. Rows from before were the demo's, already shown.
ALTER TABLE outbox_messages ADD COLUMN status text NOT NULL DEFAULT 'sent' CHECK (status IN ('pending', 'sent', 'failed'));
ALTER TABLE outbox_messages ALTER COLUMN status SET DEFAULT 'pending';
ALTER TABLE outbox_messages ADD COLUMN attempts integer NOT NULL DEFAULT 0;
-- Wall-clock times of delivery (not the API's business clock): null means due now.
ALTER TABLE outbox_messages ADD COLUMN next_attempt_at timestamptz;
ALTER TABLE outbox_messages ADD COLUMN claimed_until timestamptz;
ALTER TABLE outbox_messages ADD COLUMN sent_at timestamptz;
ALTER TABLE outbox_messages ADD COLUMN queued_at timestamptz NOT NULL DEFAULT clock_timestamp();
ALTER TABLE outbox_messages ADD COLUMN last_error text;
-- Sent with every attempt, so that the gateway recognises a retry of what it has.
ALTER TABLE outbox_messages ADD COLUMN idempotency_key text NOT NULL DEFAULT gen_random_uuid()::text;
-- Body and code are sealed (API_SECRET) from now on: they carry codes and My Page links.
ALTER TABLE outbox_messages ADD COLUMN sealed boolean NOT NULL DEFAULT false;
CREATE UNIQUE INDEX outbox_idempotency_key_idx ON outbox_messages (idempotency_key);
CREATE INDEX outbox_pending_idx ON outbox_messages (id) WHERE status = 'pending';
