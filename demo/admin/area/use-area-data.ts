import { useNavigate } from "@tanstack/react-router";
import { useCallback, useEffect, useState } from "react";
import { useAdmin } from "../admin-context.tsx";
import { AdminRefusal } from "../api/admin-client.ts";

/**
 * What an administration screen reads (people, roles …), read again on `reload` after a
 * change. A session ended on the server (401) goes back to sign-in, saying so, as the day does.
 */
export function useAreaData<T>(read: () => Promise<T>) {
  const { setSession } = useAdmin();
  const navigate = useNavigate();
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<unknown>(null);
  const reload = useCallback(async () => {
    try {
      setData(await read());
      setError(null);
    } catch (failure) {
      setError(failure);
    }
  }, [read]);
  useEffect(() => {
    void reload();
  }, [reload]);
  const ended = error instanceof AdminRefusal && error.status === 401;
  useEffect(() => {
    if (!ended) return;
    setSession(null);
    void navigate({ to: "/sign-in", search: { reason: "session-ended" } });
  }, [ended, setSession, navigate]);
  return { data, error: ended ? null : error, reload };
}
