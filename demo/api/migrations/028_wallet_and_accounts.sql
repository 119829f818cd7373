-- Issue 45: the spec's mobile wallet through Vipps MobilePay's ePayment API, the card
-- provider (onlineTransactionProvider 2), and each provider paid into their own account.
ALTER TABLE payments DROP CONSTRAINT payments_method_check;
ALTER TABLE payments ADD CONSTRAINT payments_method_check CHECK (method IN ('payu', 'card', 'vipps'));
--
-- Where a page's money goes (the providers file): its own Stripe connected account, its own
-- Vipps MobilePay merchant serial number, and the platform's share of its Stripe payments
-- (application_fee_amount, in percent). None: the deployment's own accounts, no fee.
ALTER TABLE providers ADD COLUMN stripe_account text CHECK (stripe_account ~ '^acct_[0-9A-Za-z]{1,64}$');
ALTER TABLE providers ADD COLUMN vipps_msn text CHECK (vipps_msn ~ '^[0-9]{4,7}$');
ALTER TABLE providers ADD COLUMN platform_fee_percent numeric(5, 2) CHECK (platform_fee_percent BETWEEN 0 AND 100);

-- gateway_account: the account at the gateway that holds the payment (a Vipps MobilePay
-- merchant serial number, a Stripe connected account); NULL: the deployment's own. Every
-- later call about the payment (its lookup, cancel, capture, refund) goes to that account,
-- and an event from another account never settles it.
ALTER TABLE payments ADD COLUMN gateway_account text;

-- A wallet payment is reserved when the visitor approves it, and captured once its booking
-- is confirmed: the capture is due in the transaction that confirms it and made after
-- commit by the capture worker (demo/api/payments/capture-sender.ts), claimed for a lease,
-- retried with backoff, 'failed' when the gateway refuses it for good. 'void': nothing is
-- left to capture (the payment went back before its capture was made). Wall-clock times.
ALTER TABLE payments ADD COLUMN capture text CHECK (capture IN ('due', 'done', 'failed', 'void'));
ALTER TABLE payments ADD COLUMN capture_attempts integer NOT NULL DEFAULT 0;
ALTER TABLE payments ADD COLUMN capture_next_at timestamptz;
ALTER TABLE payments ADD COLUMN capture_claimed_until timestamptz;
ALTER TABLE payments ADD COLUMN capture_error text;
CREATE INDEX payments_capture_due_idx ON payments (capture_next_at) WHERE capture = 'due';

-- The webhook each merchant serial number sends its payment events to (Vipps MobilePay's
-- Webhooks API answers the secret once, when the webhook is registered): registered on the
-- first payment of that account, and its secret proves each delivery (HMAC-SHA256).
CREATE TABLE wallet_webhooks (
  account text PRIMARY KEY,
  webhook_id text NOT NULL,
  url text NOT NULL,
  secret text NOT NULL,
  registered_at timestamptz NOT NULL
);

-- The server's minute loop looks for payments still pending after their checkout window
-- (demo/api/payments/lapsed-payments.ts): only the pending ones, oldest first.
CREATE INDEX payments_pending_idx ON payments (gateway, created_at) WHERE status = 'pending';
