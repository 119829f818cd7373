-- An Idempotency-Key's claim carries a token and the time it was made (issue 44). A
-- request whose process or database went away mid-way leaves a claim with no answer;
-- after a lease, a retry with the same key takes it over under a new token. The booking
-- keeps its answer inside its own transaction, guarded by that token: a booking is on
-- the database exactly when its key's answer is, so a taken-over key never books twice.
ALTER TABLE idempotent_requests
  ADD COLUMN claim_token text,
  ADD COLUMN claimed_at timestamptz NOT NULL DEFAULT now();
