-- Messages a real deployment would send by SMS or e-mail; the reference API stores
-- them here (and logs them) so that demos and tests can read them back.
CREATE TABLE outbox_messages (
  id serial PRIMARY KEY,
  channel text NOT NULL CHECK (channel IN ('sms', 'email')),
  recipient text NOT NULL,
  subject text NOT NULL DEFAULT '',
  body text NOT NULL,
  code text,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX outbox_recipient_idx ON outbox_messages (recipient, id DESC);

-- One-time codes: booking verification and password reset. Stored hashed; a code
-- expires, and a few wrong guesses use it up.
CREATE TABLE one_time_codes (
  id serial PRIMARY KEY,
  provider_id integer NOT NULL REFERENCES providers(id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('verify-booking', 'reset-password')),
  channel text NOT NULL CHECK (channel IN ('sms', 'email')),
  recipient text NOT NULL,
  code_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX one_time_codes_lookup_idx ON one_time_codes (provider_id, purpose, recipient);

-- What a verification code vouches for: the contact details it was sent with.
ALTER TABLE one_time_codes ADD COLUMN payload jsonb NOT NULL DEFAULT '{}';

-- An e-mail-verified customer may have no phone number.
ALTER TABLE customer_accounts ALTER COLUMN phone_number DROP NOT NULL;
CREATE INDEX customer_accounts_email_idx ON customer_accounts (provider_id, lower(email_address));
