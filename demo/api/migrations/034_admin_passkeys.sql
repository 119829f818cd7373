-- Passkeys for the back office (issue 59): a signed-in person registers one, then signs in
-- with it instead of a password (WebAuthn, @simplewebauthn/server). Only public keys are
-- kept; a challenge is stored as a keyed digest, used once, and runs out in minutes.
CREATE TABLE admin_passkeys (
  id serial PRIMARY KEY,
  account_id integer NOT NULL REFERENCES admin_accounts(id) ON DELETE CASCADE,
  -- The credential's id and COSE public key, base64url.
  credential_id text NOT NULL UNIQUE,
  public_key text NOT NULL,
  -- The authenticator's signature counter (0: it keeps none); a step back is a cloned key.
  counter bigint NOT NULL DEFAULT 0,
  transports text[] NOT NULL DEFAULT '{}',
  name text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL,
  last_used_at timestamptz
);
CREATE INDEX admin_passkeys_account_idx ON admin_passkeys (account_id);

CREATE TABLE admin_passkey_challenges (
  id serial PRIMARY KEY,
  challenge_hash text NOT NULL UNIQUE,
  purpose text NOT NULL CHECK (purpose IN ('register', 'sign-in')),
  provider_id integer NOT NULL REFERENCES providers(id) ON DELETE CASCADE,
  -- Registration: the signed-in person it was asked for.
  account_id integer REFERENCES admin_accounts(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
