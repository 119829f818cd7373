-- Issue 57: notify-all, an offer whose time someone else booked first ends (expired_at)
-- as lost: its link then says the time was taken and the entry is still on the list. Its
-- entry may be offered that time again if it frees again (the winner cancels), so an
-- entry is offered one time once only among the offers not lost.
ALTER TABLE waitlist_offers ADD COLUMN lost boolean NOT NULL DEFAULT false;
ALTER TABLE waitlist_offers DROP CONSTRAINT waitlist_offers_once_per_entry;
CREATE UNIQUE INDEX waitlist_offers_once_per_entry ON waitlist_offers (entry_id, starts_at) WHERE NOT lost;
-- The offer worker looks for a page's live offers that are not held (notify-all) on every pass.
CREATE INDEX waitlist_offers_unheld_idx ON waitlist_offers (provider_id) WHERE NOT held AND taken_at IS NULL AND expired_at IS NULL;
