-- Every limit (wrong guesses, codes sent) counts in one table, one row per scope and
-- key, by a single INSERT … ON CONFLICT … RETURNING: the count an attempt sees already
-- includes it, so no number of parallel requests lets more than the limit through.
CREATE TABLE rate_counters (
  scope text NOT NULL,
  key text NOT NULL,
  count integer NOT NULL CHECK (count >= 0),
  window_started_at timestamptz NOT NULL,
  PRIMARY KEY (scope, key)
);
DROP TABLE login_failures;

-- Which of a customer's contacts a code has proven. A phone code proves the phone and
-- an e-mail code the e-mail address; each unlocks only what is bound to it. verified
-- stays as "something is proven" (what the API answers), kept equal by the check.
ALTER TABLE customer_accounts ADD COLUMN phone_verified boolean NOT NULL DEFAULT false;
ALTER TABLE customer_accounts ADD COLUMN email_verified boolean NOT NULL DEFAULT false;
UPDATE customer_accounts SET phone_verified = verified AND phone_number IS NOT NULL,
                             email_verified = verified AND phone_number IS NULL;
UPDATE customer_accounts SET verified = phone_verified OR email_verified;
ALTER TABLE customer_accounts ADD CONSTRAINT customer_accounts_verified_is_proof CHECK (verified = (phone_verified OR email_verified));

-- Tokens and My Page codes at rest: a keyed digest to find a token by, and both sealed
-- (AES-GCM under the server's secret) to hand back to the customer who proves it is
-- them. The plain columns go: customers log in again, and get a new My Page code with
-- their next receipt.
ALTER TABLE customer_accounts ADD COLUMN token_digest text;
ALTER TABLE customer_accounts ADD COLUMN token_sealed text;
ALTER TABLE customer_accounts ADD COLUMN my_page_code_sealed text;
ALTER TABLE customer_accounts DROP COLUMN token;
ALTER TABLE customer_accounts DROP COLUMN my_page_code;
CREATE UNIQUE INDEX customer_accounts_token_idx ON customer_accounts (token_digest) WHERE token_digest IS NOT NULL;

-- A password is set only by whoever proved the phone; one set on an account whose phone
-- was never proven (a pre-claimed account) is not trusted.
UPDATE customer_accounts SET password_hash = NULL WHERE NOT phone_verified;
