-- Companies own booking pages (providers); each provider has its own catalogue,
-- staff, opening hours, closed days, custom fields and customer accounts.

CREATE TABLE companies (
  id text PRIMARY KEY CHECK (id ~ '^[a-z0-9][a-z0-9-]*$'),
  name text NOT NULL
);

CREATE TABLE providers (
  id serial PRIMARY KEY,
  company_id text REFERENCES companies(id) ON DELETE SET NULL,
  booking_link text NOT NULL UNIQUE CHECK (booking_link ~ '^[a-z0-9][a-z0-9-]*$'),
  company_name text NOT NULL,
  phone_number text NOT NULL DEFAULT '',
  default_phone_country_code integer,
  treatment_address text NOT NULL DEFAULT '',
  language text NOT NULL DEFAULT 'no' CHECK (language IN ('no', 'en', 'es')),
  time_zone text NOT NULL DEFAULT 'Europe/Berlin',
  time_format text NOT NULL DEFAULT '24h' CHECK (time_format IN ('12h', '24h')),
  currency text NOT NULL DEFAULT 'NOK',
  hours_to_cancel integer NOT NULL DEFAULT 0 CHECK (hours_to_cancel >= 0),
  cancellation_box_text text NOT NULL DEFAULT '',
  information_box_text text NOT NULL DEFAULT '',
  receipt_channels text[] NOT NULL DEFAULT '{}',
  max_days_in_advance integer NOT NULL DEFAULT 60 CHECK (max_days_in_advance BETWEEN 0 AND 730),
  slot_step_minutes integer NOT NULL DEFAULT 15 CHECK (slot_step_minutes BETWEEN 1 AND 720),
  verification_type smallint NOT NULL DEFAULT 0 CHECK (verification_type IN (0, 1, 2)),
  online_transaction_provider smallint NOT NULL DEFAULT 0 CHECK (online_transaction_provider IN (0, 1, 2, 3)),
  use_customer_accounts boolean NOT NULL DEFAULT false,
  multiple_services boolean NOT NULL DEFAULT false,
  show_service_price boolean NOT NULL DEFAULT true,
  show_information_box boolean NOT NULL DEFAULT false,
  customer_can_search_for_appointments boolean NOT NULL DEFAULT false,
  customer_can_select_staff boolean NOT NULL DEFAULT false,
  send_automatically_reminder boolean NOT NULL DEFAULT true,
  send_automatically_receipt boolean NOT NULL DEFAULT true,
  activate_email_list boolean NOT NULL DEFAULT false,
  show_occupied_hours_for_anonymous_booking boolean NOT NULL DEFAULT false,
  customer_required_name boolean NOT NULL DEFAULT true,
  customer_required_phone_number boolean NOT NULL DEFAULT true,
  customer_required_phone_number_optional boolean NOT NULL DEFAULT false,
  customer_required_email boolean NOT NULL DEFAULT false,
  customer_required_email_optional boolean NOT NULL DEFAULT false,
  customer_required_address boolean NOT NULL DEFAULT false,
  customer_required_city boolean NOT NULL DEFAULT false,
  customer_required_postal_code boolean NOT NULL DEFAULT false,
  customer_required_ssn boolean NOT NULL DEFAULT false,
  customer_required_birthdate boolean NOT NULL DEFAULT false,
  customer_required_gender boolean NOT NULL DEFAULT false
);

CREATE TABLE service_categories (
  id serial PRIMARY KEY,
  provider_id integer NOT NULL REFERENCES providers(id) ON DELETE CASCADE,
  title text NOT NULL DEFAULT '',
  position integer NOT NULL DEFAULT 0
);

CREATE TABLE services (
  id serial PRIMARY KEY,
  provider_id integer NOT NULL REFERENCES providers(id) ON DELETE CASCADE,
  category_id integer REFERENCES service_categories(id) ON DELETE SET NULL,
  -- extra services are children of the service they extend
  parent_id integer REFERENCES services(id) ON DELETE CASCADE,
  title text NOT NULL CHECK (length(title) > 0),
  description text NOT NULL DEFAULT '',
  price numeric(12, 2) NOT NULL DEFAULT 0 CHECK (price >= 0),
  discount_price numeric(12, 2) CHECK (discount_price >= 0),
  disable_price boolean NOT NULL DEFAULT false,
  duration_in_minutes integer NOT NULL CHECK (duration_in_minutes BETWEEN 1 AND 720),
  service_duration_in_minutes integer CHECK (service_duration_in_minutes BETWEEN 1 AND 720),
  must_pay_online boolean NOT NULL DEFAULT false,
  pay_online_price numeric(12, 2) CHECK (pay_online_price >= 0),
  unavailable_for_online_booking boolean NOT NULL DEFAULT false,
  hide_in_booking boolean NOT NULL DEFAULT false,
  position integer NOT NULL DEFAULT 0
);
CREATE INDEX services_provider_idx ON services (provider_id);

CREATE TABLE staff_members (
  id serial PRIMARY KEY,
  provider_id integer NOT NULL REFERENCES providers(id) ON DELETE CASCADE,
  first_name text NOT NULL,
  last_name text NOT NULL DEFAULT '',
  profile_picture_url text,
  position integer NOT NULL DEFAULT 0
);

CREATE TABLE staff_services (
  staff_member_id integer NOT NULL REFERENCES staff_members(id) ON DELETE CASCADE,
  service_id integer NOT NULL REFERENCES services(id) ON DELETE CASCADE,
  PRIMARY KEY (staff_member_id, service_id)
);

-- Weekly opening hours, in the provider's time zone; day_of_week 0 = Sunday.
CREATE TABLE working_hours (
  provider_id integer NOT NULL REFERENCES providers(id) ON DELETE CASCADE,
  day_of_week smallint NOT NULL CHECK (day_of_week BETWEEN 0 AND 6),
  open_time time NOT NULL,
  close_time time NOT NULL,
  CHECK (close_time > open_time),
  PRIMARY KEY (provider_id, day_of_week, open_time)
);

-- Closed periods, inclusive; a null staff member closes the whole provider.
CREATE TABLE vacation_days (
  id serial PRIMARY KEY,
  provider_id integer NOT NULL REFERENCES providers(id) ON DELETE CASCADE,
  staff_member_id integer REFERENCES staff_members(id) ON DELETE CASCADE,
  from_date date NOT NULL,
  to_date date NOT NULL,
  CHECK (to_date >= from_date)
);

CREATE TABLE custom_fields (
  id serial PRIMARY KEY,
  provider_id integer NOT NULL REFERENCES providers(id) ON DELETE CASCADE,
  label text NOT NULL CHECK (length(label) > 0),
  optional boolean NOT NULL DEFAULT false,
  position integer NOT NULL DEFAULT 0
);

CREATE TABLE customer_accounts (
  id serial PRIMARY KEY,
  provider_id integer NOT NULL REFERENCES providers(id) ON DELETE CASCADE,
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  email_address text NOT NULL DEFAULT '',
  address text NOT NULL DEFAULT '',
  postal_code text NOT NULL DEFAULT '',
  city text NOT NULL DEFAULT '',
  phone_number text NOT NULL CHECK (phone_number ~ '^[0-9]{4,15}$'),
  phone_number_country_code integer NOT NULL DEFAULT 47,
  -- scrypt$N$salt$hash; null until the customer sets a password
  password_hash text,
  ssn text NOT NULL DEFAULT '',
  date_of_birth date,
  gender text CHECK (gender IN ('Mann', 'Kvinne')),
  verified boolean NOT NULL DEFAULT false,
  token text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider_id, phone_number)
);
