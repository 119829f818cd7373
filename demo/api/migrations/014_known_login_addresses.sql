-- Issue 29: guesses at one account from everywhere must not lock its owner out. Where
-- an account's owner has logged in (password, My Page code or token, or a phone code),
-- that network address is remembered for the account's phone, as a keyed digest of
-- page, phone and address (never the address itself), for 90 days: from there, the
-- per-phone limits that guessers elsewhere fill do not apply.
CREATE TABLE known_login_addresses (
  digest text PRIMARY KEY,
  seen_at timestamptz NOT NULL
);
CREATE INDEX known_login_addresses_seen_idx ON known_login_addresses (seen_at);
