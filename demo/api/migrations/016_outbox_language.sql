-- Issue 30: an e-mail leaves over SMTP with a plain-text and an HTML part, the HTML
-- marked with the language the message is written in (the booking page's).
ALTER TABLE outbox_messages ADD COLUMN language text NOT NULL DEFAULT 'no' CHECK (language IN ('no', 'en', 'es'));
