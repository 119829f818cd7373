-- Audit entries posted anonymously by the widget (e.g. when a form auto-fills).
CREATE TABLE audit_log (
  id serial PRIMARY KEY,
  provider_id integer NOT NULL REFERENCES providers(id) ON DELETE CASCADE,
  action smallint NOT NULL,
  type smallint NOT NULL,
  comment text NOT NULL DEFAULT '',
  message text NOT NULL DEFAULT '',
  hide_for_user boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_provider_idx ON audit_log (provider_id, created_at DESC);
