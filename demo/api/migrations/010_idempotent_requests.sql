-- Idempotency-Key on booking and payment calls: the first request with a key runs and
-- its answer is kept here; a repeat (a double click, a retry after a lost answer) gets
-- that same answer instead of a second booking. Keys are kept for a day.
CREATE TABLE idempotent_requests (
  scope text NOT NULL,
  key text NOT NULL,
  request_digest text NOT NULL,
  status integer,
  body text,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (scope, key)
);
