-- The back office's people (issue 59): each provider's roles (spec §6's accountrole),
-- accounts, sessions and invitations. Secrets are kept only as keyed digests
-- (secrets/server-keys.ts): a copy of the database opens no session and accepts no invitation.

-- (provider_id, id) keys let an account name a role or a staff member of its OWN provider
-- only: the database refuses another provider's, whatever a route forgets.
ALTER TABLE staff_members ADD CONSTRAINT staff_members_provider_id_id_key UNIQUE (provider_id, id);

CREATE TABLE admin_roles (
  id serial PRIMARY KEY,
  provider_id integer NOT NULL REFERENCES providers(id) ON DELETE CASCADE,
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  appointments text NOT NULL CHECK (appointments IN ('none', 'read', 'readWrite')),
  settings text NOT NULL CHECK (settings IN ('none', 'read', 'readWrite')),
  statistics text NOT NULL CHECK (statistics IN ('none', 'read', 'readWrite')),
  administration text NOT NULL CHECK (administration IN ('none', 'read', 'readWrite')),
  scope text NOT NULL CHECK (scope IN ('own', 'all')),
  hide_contacts boolean NOT NULL,
  UNIQUE (provider_id, id)
);
CREATE UNIQUE INDEX admin_roles_name_idx ON admin_roles (provider_id, lower(name));

CREATE TABLE admin_accounts (
  id serial PRIMARY KEY,
  provider_id integer NOT NULL REFERENCES providers(id) ON DELETE CASCADE,
  email text NOT NULL,
  name text NOT NULL DEFAULT '',
  -- Null until the invitation is accepted (npm run providers:owner makes the owner so).
  password_hash text,
  -- Only the owner command and the seed set it: no route writes this column.
  owner boolean NOT NULL DEFAULT false,
  -- An owner has every area (OWNER_ROLE); everyone else has a role of their provider.
  role_id integer,
  staff_member_id integer,
  disabled_at timestamptz,
  created_at timestamptz NOT NULL,
  FOREIGN KEY (provider_id, role_id) REFERENCES admin_roles (provider_id, id),
  FOREIGN KEY (provider_id, staff_member_id) REFERENCES staff_members (provider_id, id) ON DELETE SET NULL (staff_member_id),
  CHECK (owner OR role_id IS NOT NULL)
);
-- One account per e-mail address at a provider, whatever its case.
CREATE UNIQUE INDEX admin_accounts_email_idx ON admin_accounts (provider_id, lower(email));

CREATE TABLE admin_sessions (
  id serial PRIMARY KEY,
  -- The cookie's value as a keyed digest; the CSRF token is another digest of it (never stored).
  token_hash text NOT NULL UNIQUE,
  account_id integer NOT NULL REFERENCES admin_accounts(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  -- Touched at most once a minute (the idle end); ends_at is the absolute end.
  last_seen_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  -- Sign-out, an owner's "end sessions", a password reset, a disabled account.
  ended_at timestamptz
);
CREATE INDEX admin_sessions_account_idx ON admin_sessions (account_id) WHERE ended_at IS NULL;

CREATE TABLE admin_invitations (
  id serial PRIMARY KEY,
  provider_id integer NOT NULL REFERENCES providers(id) ON DELETE CASCADE,
  email text NOT NULL,
  role_id integer,
  staff_member_id integer,
  -- The account the owner command made without a password: accepting sets its password, once.
  account_id integer REFERENCES admin_accounts(id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  invited_by integer,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  FOREIGN KEY (provider_id, role_id) REFERENCES admin_roles (provider_id, id) ON DELETE CASCADE,
  FOREIGN KEY (provider_id, staff_member_id) REFERENCES staff_members (provider_id, id) ON DELETE SET NULL (staff_member_id),
  CHECK (account_id IS NOT NULL OR role_id IS NOT NULL)
);

-- The back office's password reset is a fourth purpose of one-time codes, sent by e-mail.
ALTER TABLE one_time_codes DROP CONSTRAINT one_time_codes_purpose_check;
ALTER TABLE one_time_codes ADD CONSTRAINT one_time_codes_purpose_check
  CHECK (purpose IN ('verify-booking', 'reset-password', 'my-page-login', 'admin-reset-password'));
