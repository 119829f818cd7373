-- Wrong booking-verification codes count per client address too (kind verify).
ALTER TABLE login_failures DROP CONSTRAINT login_failures_kind_check;
ALTER TABLE login_failures ADD CONSTRAINT login_failures_kind_check CHECK (kind IN ('password', 'my-page', 'verify'));
