-- Issue 46: the waitlist. A page switches it on in the providers file, with how long an
-- offer lasts and how a freed time is offered (to the first entry in line, held for it,
-- or to every matching entry, the first to book winning).
ALTER TABLE providers ADD COLUMN waitlist_enabled boolean NOT NULL DEFAULT false;
ALTER TABLE providers ADD COLUMN waitlist_offer_minutes integer NOT NULL DEFAULT 15 CHECK (waitlist_offer_minutes BETWEEN 5 AND 120);
ALTER TABLE providers ADD COLUMN waitlist_mode text NOT NULL DEFAULT 'first-in-line' CHECK (waitlist_mode IN ('first-in-line', 'notify-all'));

-- One entry: a proven customer waits for one to three days of the page, for some services,
-- with one staff member or any, within an optional part of the day (provider-zone HH:mm).
-- It ends by itself at the end of its last day (ends_at), or when its customer removes it.
-- from_digest: the keyed digest of the address it was made from (never the address).
CREATE TABLE waitlist_entries (
  id serial PRIMARY KEY,
  provider_id integer NOT NULL REFERENCES providers(id) ON DELETE CASCADE,
  customer_id integer NOT NULL REFERENCES customer_accounts(id) ON DELETE CASCADE,
  service_ids integer[] NOT NULL CHECK (cardinality(service_ids) BETWEEN 1 AND 50),
  extra_service_ids integer[] NOT NULL DEFAULT '{}',
  staff_member_id integer REFERENCES staff_members(id) ON DELETE CASCADE,
  days date[] NOT NULL CHECK (cardinality(days) BETWEEN 1 AND 3),
  after_time text CHECK (after_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  before_time text CHECK (before_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  created_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  removed_at timestamptz
);
CREATE INDEX waitlist_entries_live_idx ON waitlist_entries (provider_id, ends_at) WHERE removed_at IS NULL;
CREATE INDEX waitlist_entries_customer_idx ON waitlist_entries (customer_id) WHERE removed_at IS NULL;
CREATE INDEX waitlist_entries_days_idx ON waitlist_entries USING gin (days) WHERE removed_at IS NULL;
