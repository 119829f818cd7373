/**
 * How long a back-office session lives (issue 59). Idle: a salon's reception keeps the
 * day open through a shift (Square's and Fresha's dashboards stay signed in for a working
 * day), but a tablet left overnight asks again. Absolute: at least once a week the
 * password (or the device's passkey) is asked, whatever the use: a stolen cookie dies.
 */
export interface SessionLife {
  idleMinutes: number;
  maxHours: number;
}

export const DEFAULT_SESSION_LIFE: SessionLife = { idleMinutes: 12 * 60, maxHours: 7 * 24 };

/** Last-seen is written at most this often: a signed-in page's every call is not a write. */
export const TOUCH_EVERY_MS = 60_000;

export interface SessionTimes {
  lastSeenAt: Date;
  endsAt: Date;
  endedAt: Date | null;
}

/**
 * Whether a session still opens the back office at `now`, and whether its last-seen
 * should be written now. Idle counts from the last write, so it can run up to a minute
 * early: never late.
 */
export function sessionState(session: SessionTimes, now: Date, life: SessionLife): { live: boolean; touch: boolean } {
  const idleFor = now.getTime() - session.lastSeenAt.getTime();
  const live = session.endedAt === null && now < session.endsAt && idleFor < life.idleMinutes * 60_000;
  return { live, touch: live && idleFor >= TOUCH_EVERY_MS };
}

/** ADMIN_SESSION_IDLE_MINUTES and ADMIN_SESSION_MAX_HOURS (whole numbers above 0), else the defaults. */
export function sessionLifeFrom(env: Record<string, string | undefined>): SessionLife {
  const read = (name: string, fallback: number) => {
    const text = env[name];
    if (text === undefined || text === "") return fallback;
    if (!/^\d+$/.test(text) || Number(text) < 1) throw new Error(`${name} must be a whole number above 0 (not ${JSON.stringify(text)})`);
    return Number(text);
  };
  return {
    idleMinutes: read("ADMIN_SESSION_IDLE_MINUTES", DEFAULT_SESSION_LIFE.idleMinutes),
    maxHours: read("ADMIN_SESSION_MAX_HOURS", DEFAULT_SESSION_LIFE.maxHours),
  };
}
