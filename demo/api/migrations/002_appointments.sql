-- Appointments. Two live appointments of one staff member can never overlap: the
-- database refuses it (exclusion constraint over staff member and time range), so no
-- race between API processes can double-book, whatever the application code does.
CREATE EXTENSION IF NOT EXISTS btree_gist;

CREATE TABLE appointments (
  id serial PRIMARY KEY,
  provider_id integer NOT NULL REFERENCES providers(id) ON DELETE CASCADE,
  staff_member_id integer NOT NULL REFERENCES staff_members(id) ON DELETE RESTRICT,
  customer_account_id integer REFERENCES customer_accounts(id) ON DELETE SET NULL,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  -- awaiting_payment holds the slot until the payment answers; cancelled frees it
  status text NOT NULL DEFAULT 'confirmed' CHECK (status IN ('awaiting_payment', 'confirmed', 'cancelled')),
  first_name text NOT NULL DEFAULT '',
  email_address text NOT NULL DEFAULT '',
  phone_number text NOT NULL DEFAULT '',
  phone_number_country_code integer,
  address text NOT NULL DEFAULT '',
  postal_code text NOT NULL DEFAULT '',
  city text NOT NULL DEFAULT '',
  ssn text NOT NULL DEFAULT '',
  date_of_birth date,
  gender text CHECK (gender IN ('Mann', 'Kvinne')),
  comment text NOT NULL DEFAULT '',
  -- receipt/reminder channel ticks and newsletter sign-up, as the customer chose them
  notifications jsonb NOT NULL DEFAULT '{}',
  custom_fields jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now(),
  cancelled_at timestamptz,
  CHECK (ends_at > starts_at),
  CONSTRAINT appointments_no_overlap EXCLUDE USING gist (
    staff_member_id WITH =,
    tstzrange(starts_at, ends_at) WITH &&
  ) WHERE (status <> 'cancelled')
);
CREATE INDEX appointments_provider_time_idx ON appointments (provider_id, starts_at);

-- The services (and extra services) of an appointment, priced as booked.
CREATE TABLE appointment_services (
  appointment_id integer NOT NULL REFERENCES appointments(id) ON DELETE CASCADE,
  service_id integer NOT NULL REFERENCES services(id) ON DELETE RESTRICT,
  price numeric(12, 2) NOT NULL,
  duration_in_minutes integer NOT NULL,
  PRIMARY KEY (appointment_id, service_id)
);
