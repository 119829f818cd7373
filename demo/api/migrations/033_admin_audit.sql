-- The back office's changes (issue 59), in the spec's AuditLog beside the widget's anonymous
-- entries: who made the change, what it was, which appointment, and what changed. Written in
-- the change's own transaction (demo/api/admin/audit/admin-audit.ts). No customer contact
-- details: an appointment is named by its id alone.
ALTER TABLE audit_log
  -- No foreign key: the log outlives an account that is removed.
  ADD COLUMN account_id integer,
  -- The account's name when it acted, as the log shows it later.
  ADD COLUMN actor text NOT NULL DEFAULT '',
  -- What was done ("appointment.move", "role.create" …); null for the widget's anonymous entries.
  ADD COLUMN change text,
  ADD COLUMN appointment_id integer,
  -- The changed fields, before and after (ids, times, states; never a contact).
  ADD COLUMN details jsonb NOT NULL DEFAULT '{}';
CREATE INDEX audit_log_appointment_idx ON audit_log (appointment_id, created_at) WHERE appointment_id IS NOT NULL;
