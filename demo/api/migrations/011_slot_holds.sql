-- Held times (our extension of the API, see demo/api/holds/README.md): a visitor who
-- chooses a time holds it for ten minutes while filling in the details, and other
-- visitors see it taken. The database keeps the limits, whatever the concurrency:
-- * one hold per visitor (the holder's token digest is unique);
-- * at most three holds per network address: each takes one of the address's three
--   numbered places (unique address + place, place 1 to 3);
-- * two holds of one staff member never overlap (exclusion constraint, as for
--   appointments). Holds and appointments are kept apart by the staff calendar's
--   advisory lock, which both a hold and a booking take before they check and write.
CREATE TABLE slot_holds (
  id serial PRIMARY KEY,
  provider_id integer NOT NULL REFERENCES providers(id) ON DELETE CASCADE,
  staff_member_id integer NOT NULL REFERENCES staff_members(id) ON DELETE CASCADE,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  holder_digest text NOT NULL,
  client_address text NOT NULL,
  address_place integer NOT NULL CHECK (address_place BETWEEN 1 AND 3),
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at > starts_at),
  CONSTRAINT slot_holds_one_per_holder UNIQUE (holder_digest),
  CONSTRAINT slot_holds_places_per_address UNIQUE (client_address, address_place),
  CONSTRAINT slot_holds_no_overlap EXCLUDE USING gist (
    staff_member_id WITH =,
    tstzrange(starts_at, ends_at) WITH &&
  )
);
CREATE INDEX slot_holds_provider_time_idx ON slot_holds (provider_id, starts_at);
