-- Each hold gets an id of its own, random (a serial would tell how many times are held).
-- A release may name it: then it gives back that hold only. A page that goes away
-- releases its hold while its reload (same tab, same token) holds the time again; the
-- two requests can arrive in either order, and a late release must not take the new hold.
ALTER TABLE slot_holds ADD COLUMN hold_id uuid NOT NULL DEFAULT gen_random_uuid();
