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
  useEffect(() => {
    let cursor: string | null = null;
    const timer = setInterval(async () => {
      try {
        const { cursor: next } = await api.changes(cursor);
        if (cursor !== null && next !== cursor) void reload();
        cursor = next;
      } catch {
        // The next poll tries again; the day on screen stays.
      }
    }, pollMs);
    return () => clearInterval(timer);
  }, [api, reload, pollMs]);
  return { day, error, reload };
}
