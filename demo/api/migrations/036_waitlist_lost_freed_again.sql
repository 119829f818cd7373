-- Issue 57's notify-all, mended: an offer remembers the freed time it came from, and when
-- someone else's booking takes its start (lost), that freed time is written again for the
-- entries that lost it alone. What the winner left of it (a later start the loser's wish
-- takes) then reaches them; other entries, told of it already, are not told again.
ALTER TABLE waitlist_offers
  ADD COLUMN freed_from timestamptz,
  ADD COLUMN freed_until timestamptz,
  ADD COLUMN freed_staff_member_id integer;
-- Null: every waiting entry may take the freed time; else only these entries.
ALTER TABLE waitlist_freed ADD COLUMN entry_ids integer[];
