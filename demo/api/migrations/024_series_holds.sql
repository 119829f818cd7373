-- Issue 42: a visitor choosing a series holds every occurrence, as one hold: its rows
-- share the holder and the address's place, numbered by series_position (1 is the chosen
-- time). One hold per visitor and three places per address stay as they were, per position.
ALTER TABLE slot_holds ADD COLUMN series_position integer NOT NULL DEFAULT 1 CHECK (series_position BETWEEN 1 AND 12);
ALTER TABLE slot_holds DROP CONSTRAINT slot_holds_one_per_holder;
ALTER TABLE slot_holds ADD CONSTRAINT slot_holds_one_per_holder UNIQUE (holder_digest, series_position);
ALTER TABLE slot_holds DROP CONSTRAINT slot_holds_places_per_address;
ALTER TABLE slot_holds ADD CONSTRAINT slot_holds_places_per_address UNIQUE (client_address, address_place, series_position);
