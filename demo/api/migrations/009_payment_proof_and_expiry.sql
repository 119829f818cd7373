-- Proof that a caller owns a booking held for payment: the booking's answer carries a
-- payment token, kept here as a keyed digest; payu/initiate for that booking needs it.
ALTER TABLE appointments ADD COLUMN payment_token_digest text;

-- A payment that comes back after its booking's hold ran out is not taken (a real
-- gateway would void it): status expired, and the visitor goes to the failure address.
ALTER TABLE payments DROP CONSTRAINT payments_status_check;
ALTER TABLE payments ADD CONSTRAINT payments_status_check CHECK (status IN ('pending', 'paid', 'declined', 'expired'));
