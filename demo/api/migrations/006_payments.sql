-- Online payments through the payment simulator (payu-style form post, or a
-- mobile-wallet redirect). A payment is pending until the simulator's Pay or
-- Decline answers; a paid payment confirms at most one appointment.
CREATE TABLE payments (
  id text PRIMARY KEY,
  provider_id integer REFERENCES providers(id) ON DELETE CASCADE,
  method text NOT NULL CHECK (method IN ('payu', 'vipps')),
  amount numeric(12, 2) NOT NULL CHECK (amount > 0),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  description text NOT NULL DEFAULT '',
  customer_email text NOT NULL DEFAULT '',
  customer_first_name text NOT NULL DEFAULT '',
  customer_last_name text NOT NULL DEFAULT '',
  customer_phone text NOT NULL DEFAULT '',
  success_url text NOT NULL,
  failure_url text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'declined')),
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz
);

-- The payment that pays for an appointment; an awaiting_payment hold lapses at
-- hold_expires_at unless its payment succeeds first.
ALTER TABLE appointments ADD COLUMN payment_id text REFERENCES payments(id);
ALTER TABLE appointments ADD COLUMN hold_expires_at timestamptz;
CREATE UNIQUE INDEX appointments_one_per_payment ON appointments (payment_id) WHERE payment_id IS NOT NULL AND status <> 'cancelled';
