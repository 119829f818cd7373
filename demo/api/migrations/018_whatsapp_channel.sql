-- WhatsApp is a channel of its own (issue 30): the signed webhook tells the gateway
-- which, so that a receipt or reminder the visitor asked for on WhatsApp goes there and
-- not as an SMS. Failed messages are counted at each metrics scrape: indexed as the
-- pending ones are.
ALTER TABLE outbox_messages DROP CONSTRAINT outbox_messages_channel_check;
ALTER TABLE outbox_messages ADD CONSTRAINT outbox_messages_channel_check CHECK (channel IN ('sms', 'email', 'whatsapp'));
CREATE INDEX outbox_failed_idx ON outbox_messages (id) WHERE status = 'failed';
