-- Issue 42: a service may take several customers at one time with one staff member (a
-- class, a couples massage). Its bookings at one start share a session: session_key
-- "serviceId@start" (NULL for every other booking, which the trigger makes the row's own
-- unique key). The no-overlap constraints let rows of one session overlap each other and
-- nothing else; how many a session takes is counted under the session's row lock
-- (group_sessions, FOR UPDATE) in the transaction that writes, never checked apart from it.
ALTER TABLE services ADD COLUMN capacity integer NOT NULL DEFAULT 1 CHECK (capacity BETWEEN 1 AND 100);

ALTER TABLE appointments ADD COLUMN session_key text;
UPDATE appointments SET session_key = 'appointments:' || id;
ALTER TABLE appointments ALTER COLUMN session_key SET NOT NULL;
ALTER TABLE slot_holds ADD COLUMN session_key text;
UPDATE slot_holds SET session_key = 'slot_holds:' || id;
ALTER TABLE slot_holds ALTER COLUMN session_key SET NOT NULL;

CREATE OR REPLACE FUNCTION blocked_range_default() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.blocked_from := coalesce(NEW.blocked_from, NEW.starts_at);
  NEW.blocked_until := coalesce(NEW.blocked_until, NEW.ends_at);
  NEW.session_key := coalesce(NEW.session_key, TG_TABLE_NAME || ':' || NEW.id);
  RETURN NEW;
END $$;

ALTER TABLE appointments DROP CONSTRAINT appointments_no_overlap;
ALTER TABLE appointments ADD CONSTRAINT appointments_no_overlap EXCLUDE USING gist (
  staff_member_id WITH =,
  tstzrange(blocked_from, blocked_until) WITH &&,
  session_key WITH <>
) WHERE (status <> 'cancelled');
ALTER TABLE slot_holds DROP CONSTRAINT slot_holds_no_overlap;
ALTER TABLE slot_holds ADD CONSTRAINT slot_holds_no_overlap EXCLUDE USING gist (
  staff_member_id WITH =,
  tstzrange(blocked_from, blocked_until) WITH &&,
  session_key WITH <>
);
CREATE INDEX appointments_session_idx ON appointments (staff_member_id, session_key) WHERE status <> 'cancelled';

-- One row per group session that was ever written: the lock its places are counted under.
CREATE TABLE group_sessions (
  staff_member_id integer NOT NULL REFERENCES staff_members(id) ON DELETE CASCADE,
  session_key text NOT NULL,
  PRIMARY KEY (staff_member_id, session_key)
);
