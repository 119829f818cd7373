-- Issue 42: the scheduling rules of a provider's day (the rules themselves are
-- demo/api/availability/engine.ts; this is where they are kept and enforced).
--
-- Buffers: time a service keeps its staff member before and after it (preparing,
-- cleaning, travel). The customer is told the service's own time (starts_at, ends_at);
-- the staff member's calendar is blocked from blocked_from to blocked_until, and the
-- no-overlap constraints cover that buffered range, so two bookings' buffers cannot
-- overlap under any race.
ALTER TABLE services ADD COLUMN buffer_before_minutes integer NOT NULL DEFAULT 0 CHECK (buffer_before_minutes BETWEEN 0 AND 240);
ALTER TABLE services ADD COLUMN buffer_after_minutes integer NOT NULL DEFAULT 0 CHECK (buffer_after_minutes BETWEEN 0 AND 240);
-- Minimum notice: nothing starts sooner than this after the moment of booking. The
-- page's, and a service's own (NULL: the page's).
ALTER TABLE providers ADD COLUMN minimum_notice_minutes integer NOT NULL DEFAULT 0 CHECK (minimum_notice_minutes >= 0);
ALTER TABLE services ADD COLUMN minimum_notice_minutes integer CHECK (minimum_notice_minutes >= 0);

ALTER TABLE appointments ADD COLUMN blocked_from timestamptz;
ALTER TABLE appointments ADD COLUMN blocked_until timestamptz;
UPDATE appointments SET blocked_from = starts_at, blocked_until = ends_at;
ALTER TABLE appointments ALTER COLUMN blocked_from SET NOT NULL;
ALTER TABLE appointments ALTER COLUMN blocked_until SET NOT NULL;
ALTER TABLE appointments ADD CONSTRAINT appointments_blocked_covers CHECK (blocked_from <= starts_at AND blocked_until >= ends_at);
-- A row written without a buffered range (no buffers) blocks its own time.
CREATE FUNCTION blocked_range_default() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.blocked_from := coalesce(NEW.blocked_from, NEW.starts_at);
  NEW.blocked_until := coalesce(NEW.blocked_until, NEW.ends_at);
  RETURN NEW;
END $$;
CREATE TRIGGER appointments_blocked_default BEFORE INSERT ON appointments FOR EACH ROW EXECUTE FUNCTION blocked_range_default();
ALTER TABLE appointments DROP CONSTRAINT appointments_no_overlap;
ALTER TABLE appointments ADD CONSTRAINT appointments_no_overlap EXCLUDE USING gist (
  staff_member_id WITH =,
  tstzrange(blocked_from, blocked_until) WITH &&
) WHERE (status <> 'cancelled');
CREATE INDEX appointments_provider_blocked_idx ON appointments (provider_id, blocked_from);

ALTER TABLE slot_holds ADD COLUMN blocked_from timestamptz;
ALTER TABLE slot_holds ADD COLUMN blocked_until timestamptz;
UPDATE slot_holds SET blocked_from = starts_at, blocked_until = ends_at;
ALTER TABLE slot_holds ALTER COLUMN blocked_from SET NOT NULL;
ALTER TABLE slot_holds ALTER COLUMN blocked_until SET NOT NULL;
ALTER TABLE slot_holds ADD CONSTRAINT slot_holds_blocked_covers CHECK (blocked_from <= starts_at AND blocked_until >= ends_at);
CREATE TRIGGER slot_holds_blocked_default BEFORE INSERT ON slot_holds FOR EACH ROW EXECUTE FUNCTION blocked_range_default();
ALTER TABLE slot_holds DROP CONSTRAINT slot_holds_no_overlap;
ALTER TABLE slot_holds ADD CONSTRAINT slot_holds_no_overlap EXCLUDE USING gist (
  staff_member_id WITH =,
  tstzrange(blocked_from, blocked_until) WITH &&
);

-- A staff member's weekly breaks (a lunch, wall-clock in the provider's zone; day_of_week
-- 0 = Sunday) and one-off pauses on a date. Availability leaves them out; a break added
-- over an existing booking leaves the booking as it is.
CREATE TABLE staff_breaks (
  id serial PRIMARY KEY,
  staff_member_id integer NOT NULL REFERENCES staff_members(id) ON DELETE CASCADE,
  day_of_week integer NOT NULL CHECK (day_of_week BETWEEN 0 AND 6),
  start_time time NOT NULL,
  end_time time NOT NULL,
  CHECK (end_time > start_time)
);
CREATE INDEX staff_breaks_member_idx ON staff_breaks (staff_member_id);
CREATE TABLE staff_pauses (
  id serial PRIMARY KEY,
  staff_member_id integer NOT NULL REFERENCES staff_members(id) ON DELETE CASCADE,
  pause_date date NOT NULL,
  start_time time NOT NULL,
  end_time time NOT NULL,
  CHECK (end_time > start_time)
);
CREATE INDEX staff_pauses_member_date_idx ON staff_pauses (staff_member_id, pause_date);
