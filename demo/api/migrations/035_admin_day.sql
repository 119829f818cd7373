-- Issue 59: the back office's day.
--
-- What staff mark about a confirmed appointment once its time comes: the customer arrived,
-- or never came (NULL: neither yet). A cancel afterwards keeps the mark, as history.
ALTER TABLE appointments ADD COLUMN attendance text CHECK (attendance IN ('arrived', 'no-show'));

-- The changes feed (GET /api/admin/changes): every insert and update of an appointment
-- stamps the writing transaction's id. A poller asks for the rows stamped at or after
-- the oldest transaction still running when it last asked (pg_snapshot_xmin), so a
-- booking that commits late is never skipped (a sequence number would be: numbers are
-- taken in one order and committed in another). One indexed range read per poll.
ALTER TABLE appointments ADD COLUMN changed_xid xid8;
UPDATE appointments SET changed_xid = pg_current_xact_id();
ALTER TABLE appointments ALTER COLUMN changed_xid SET NOT NULL;
CREATE FUNCTION appointments_stamp_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.changed_xid := pg_current_xact_id();
  RETURN NEW;
END $$;
CREATE TRIGGER appointments_stamp_change BEFORE INSERT OR UPDATE ON appointments FOR EACH ROW EXECUTE FUNCTION appointments_stamp_change();
CREATE INDEX appointments_changes_idx ON appointments (provider_id, changed_xid);

-- The messages sent about an appointment (a receipt, a reminder, a cancel, a move, a
-- refund), which its page in the back office lists. Earlier messages name none.
ALTER TABLE outbox_messages ADD COLUMN appointment_id integer;
CREATE INDEX outbox_appointment_idx ON outbox_messages (appointment_id, id) WHERE appointment_id IS NOT NULL;
