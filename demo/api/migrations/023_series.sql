-- Issue 42: a service may be booked as a weekly series (the same local time with the same
-- staff member every N weeks). A service's rule: the weeks apart it offers (1 to 4) and
-- how many occurrences at most (2 to 12); NULL: no series. The occurrences of one booking
-- are appointments sharing series_id, numbered from 1 by series_position, booked in one
-- transaction: all or none.
ALTER TABLE services ADD COLUMN series_every_weeks integer[];
ALTER TABLE services ADD COLUMN series_max_occurrences integer;
ALTER TABLE services ADD CONSTRAINT services_series_check CHECK (
  (series_every_weeks IS NULL AND series_max_occurrences IS NULL) OR
  (cardinality(series_every_weeks) BETWEEN 1 AND 4 AND 1 <= ALL (series_every_weeks) AND 4 >= ALL (series_every_weeks)
    AND series_max_occurrences BETWEEN 2 AND 12)
);
ALTER TABLE appointments ADD COLUMN series_id uuid;
ALTER TABLE appointments ADD COLUMN series_position integer;
ALTER TABLE appointments ADD CONSTRAINT appointments_series_check CHECK ((series_id IS NULL) = (series_position IS NULL));
CREATE INDEX appointments_series_idx ON appointments (series_id, series_position) WHERE series_id IS NOT NULL;
