-- My Page: a customer logs in with their phone number and a short code (spec §5: three
-- digits), the one the booking receipt's link carries. Guessing is held off by the
-- login throttle below, not by the code's length.
ALTER TABLE customer_accounts ADD COLUMN my_page_code text NOT NULL
  DEFAULT lpad(floor(random() * 1000)::int::text, 3, '0') CHECK (my_page_code ~ '^[0-9]{3}$');

-- Answers to the provider's custom fields kept on the profile.
ALTER TABLE customer_accounts ADD COLUMN custom_fields jsonb NOT NULL DEFAULT '[]';

-- Failed logins per provider, kind (password, my-page) and subject (phone number),
-- counted over a window; too many lock the subject out until the window ends.
CREATE TABLE login_failures (
  provider_id integer NOT NULL REFERENCES providers(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('password', 'my-page')),
  subject text NOT NULL,
  failures integer NOT NULL DEFAULT 0,
  window_started_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider_id, kind, subject)
);
