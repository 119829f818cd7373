-- Issue 46: offering freed times to the waitlist.
--
-- What an entry asked for, as the widget sends it (an extra belongs to its service), and
-- the language its customer joined in (their offer is written in it).
ALTER TABLE waitlist_entries ADD COLUMN service_bookings jsonb NOT NULL DEFAULT '[]';
ALTER TABLE waitlist_entries ADD COLUMN language text NOT NULL DEFAULT 'no' CHECK (language IN ('no', 'en', 'es'));

-- A time that was taken and is free again, for a page that keeps a waitlist: written in
-- the transaction that frees it (the triggers below, whatever the path: a cancel, a move,
-- an unpaid booking released, a hold given back or replaced), or by the offer worker's
-- sweep for what frees by the clock alone (a hold, an offer or an unpaid booking that
-- lapses). The offer worker takes them under the page's list lock; a time written twice
-- is offered once (waitlist_offers' uniques and holds are the final word).
CREATE TABLE waitlist_freed (
  id bigserial PRIMARY KEY,
  provider_id integer NOT NULL REFERENCES providers(id) ON DELETE CASCADE,
  staff_member_id integer,
  freed_from timestamptz NOT NULL,
  freed_until timestamptz NOT NULL
);
CREATE INDEX waitlist_freed_provider_idx ON waitlist_freed (provider_id, id);

CREATE FUNCTION waitlist_note_freed(provider integer, staff integer, freed_from timestamptz, freed_until timestamptz) RETURNS void AS $$
BEGIN
  INSERT INTO waitlist_freed (provider_id, staff_member_id, freed_from, freed_until)
    SELECT provider, staff, freed_from, freed_until FROM providers WHERE id = provider AND waitlist_enabled;
END $$ LANGUAGE plpgsql;

CREATE FUNCTION waitlist_hold_gone() RETURNS trigger AS $$
BEGIN
  PERFORM waitlist_note_freed(OLD.provider_id, OLD.staff_member_id, OLD.blocked_from, OLD.blocked_until);
  RETURN NULL;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER slot_holds_freed AFTER DELETE ON slot_holds FOR EACH ROW EXECUTE FUNCTION waitlist_hold_gone();

CREATE FUNCTION waitlist_appointment_moved() RETURNS trigger AS $$
BEGIN
  IF OLD.status <> 'cancelled' AND (NEW.status = 'cancelled' OR NEW.blocked_from <> OLD.blocked_from
      OR NEW.blocked_until <> OLD.blocked_until OR NEW.staff_member_id <> OLD.staff_member_id) THEN
    PERFORM waitlist_note_freed(OLD.provider_id, OLD.staff_member_id, OLD.blocked_from, OLD.blocked_until);
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
-- Only an update that changes what the appointment keeps runs the function (reminders and payments write other columns).
CREATE TRIGGER appointments_freed AFTER UPDATE ON appointments FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.blocked_from IS DISTINCT FROM NEW.blocked_from
        OR OLD.blocked_until IS DISTINCT FROM NEW.blocked_until OR OLD.staff_member_id IS DISTINCT FROM NEW.staff_member_id)
  EXECUTE FUNCTION waitlist_appointment_moved();

-- Up to when the offer worker has looked for times freed by the clock alone (one row).
CREATE TABLE waitlist_sweep (
  id integer PRIMARY KEY CHECK (id = 1),
  swept_until timestamptz
);
INSERT INTO waitlist_sweep (id, swept_until) VALUES (1, NULL);

-- One offer of one time to one entry. First in line: the time is held for it (a slot hold
-- whose holder is the offer's link secret); notify-all: not held, the first to book wins.
-- Only the link secret's keyed digest is kept (the holder digest of its hold).
CREATE TABLE waitlist_offers (
  id serial PRIMARY KEY,
  entry_id integer NOT NULL REFERENCES waitlist_entries(id) ON DELETE CASCADE,
  provider_id integer NOT NULL REFERENCES providers(id) ON DELETE CASCADE,
  customer_id integer NOT NULL REFERENCES customer_accounts(id) ON DELETE CASCADE,
  staff_member_id integer NOT NULL,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  held boolean NOT NULL,
  token_digest text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  taken_at timestamptz,
  expired_at timestamptz,
  -- An entry is offered one time once: an offer that lapses passes the time to the next entry.
  CONSTRAINT waitlist_offers_once_per_entry UNIQUE (entry_id, starts_at)
);
CREATE INDEX waitlist_offers_customer_idx ON waitlist_offers (customer_id, expires_at) WHERE taken_at IS NULL AND expired_at IS NULL;
CREATE INDEX waitlist_offers_open_idx ON waitlist_offers (expires_at) WHERE taken_at IS NULL AND expired_at IS NULL;
