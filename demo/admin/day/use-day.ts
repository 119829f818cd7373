import { useCallback, useEffect, useRef, useState } from "react";
import type { AdminClient } from "../api/admin-client.ts";
import type { DaySearch } from "./day-search.ts";
import type { DayView } from "./day-view.ts";

/** How often an open day asks whether anything changed (one indexed query on the server). */
export const POLL_MS = 5000;

/**
 * The day's data: read for the address's date, view and staff member, and read again
 * when the changes' cursor moves (a booking made in the widget shows within seconds).
 */
export function useDay(api: AdminClient, search: DaySearch, pollMs = POLL_MS) {
  const [day, setDay] = useState<DayView | null>(null);
  const [error, setError] = useState<unknown>(null);
  const key = `${search.date}|${search.view}|${search.staff ?? ""}`;
  const latest = useRef(key);
  latest.current = key;
  const reload = useCallback(async () => {
    const asked = key;
    try {
      const answer = await api.day(search);
      if (latest.current !== asked) return;
      setDay(answer);
      setError(null);
    } catch (failure) {
      if (latest.current === asked) setError(failure);
    }
  }, [api, key]);
  useEffect(() => {
    void reload();
  }, [reload]);
  // From the cursor the day was read at: any appointment written since (a widget booking, a payment, a colleague's move) reads it again.
  const cursor = day?.cursor ?? null;
  useEffect(() => {
    if (cursor === null) return;
    let busy = false;
    const timer = setInterval(async () => {
      if (busy) return;
      busy = true;
      try {
        const { changes, more } = await api.changes(cursor);
        if (changes.length > 0 || more) await reload();
      } catch {
        // The next poll tries again; the day on screen stays.
      } finally {
        busy = false;
      }
    }, pollMs);
    return () => clearInterval(timer);
  }, [api, reload, pollMs, cursor]);
  return { day, error, reload };
}
