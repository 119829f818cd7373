-- Issue 57: My Page logs in with a code sent now, to the customer's phone or (on a page
-- that verifies by e-mail) to their proven e-mail address: a third purpose of one-time codes.
ALTER TABLE one_time_codes DROP CONSTRAINT one_time_codes_purpose_check;
ALTER TABLE one_time_codes ADD CONSTRAINT one_time_codes_purpose_check
  CHECK (purpose IN ('verify-booking', 'reset-password', 'my-page-login'));
