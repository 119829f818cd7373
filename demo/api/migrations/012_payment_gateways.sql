-- Real payment gateways (Stripe Checkout) beside the demo's simulator. A payment names
-- the gateway that took it and that gateway's own reference (a Checkout Session id), and
-- is confirmed only by what the gateway says: a signature-verified webhook event, each
-- handled once (payment_events), or the session fetched from the gateway on return.
ALTER TABLE payments ADD COLUMN gateway text NOT NULL DEFAULT 'simulator';
ALTER TABLE payments ALTER COLUMN gateway DROP DEFAULT;
ALTER TABLE payments ADD COLUMN gateway_reference text UNIQUE;
ALTER TABLE payments ADD COLUMN appointment_id integer REFERENCES appointments(id) ON DELETE SET NULL;
-- Money taken for a payment that could not confirm its booking (its hold had run out) is
-- given back: 'due' once that is known, 'done' when the gateway has taken the refund.
ALTER TABLE payments ADD COLUMN refund text CHECK (refund IN ('due', 'done'));

CREATE TABLE payment_events (
  id text PRIMARY KEY,
  payment_id text REFERENCES payments(id) ON DELETE CASCADE,
  type text NOT NULL,
  received_at timestamptz NOT NULL
);

-- Kept answers are sealed from now on (a booking's answer carries its payment token):
-- the answers kept in plain text before go (they are kept a day at most anyway).
DELETE FROM idempotent_requests;
