-- Issue 29: an unpaid booking held for payment blocks its time for 15 minutes, so a
-- customer, a phone and a network address each may have only a few at once. The
-- address is kept as a keyed digest (never the address itself), and only while the
-- booking waits for its payment.
ALTER TABLE appointments ADD COLUMN booked_from_digest text;
CREATE INDEX appointments_unpaid_idx ON appointments (hold_expires_at) WHERE status = 'awaiting_payment';
