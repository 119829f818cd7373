/**
 * How far a streaming replica is behind its primary, in seconds, from what both report:
 * the primary's WAL position sampled over time (pg_current_wal_lsn) and the position the
 * replica has replayed (pg_last_wal_replay_lsn). The replica shows the database as it
 * was at the earliest sample it has not yet reached: the lag is the time since then.
 * Unlike the time since pg_last_xact_replay_timestamp(), an idle primary does not look lagged.
 */
export interface WalSample {
  /** When the primary was at `lsn` (milliseconds). */
  at: number;
  lsn: bigint;
}

export function replicaLagSeconds(samples: readonly WalSample[], replayed: bigint, now: number): number {
  const behind = samples.find((sample) => sample.lsn > replayed);
  return behind ? Math.max(0, (now - behind.at) / 1000) : 0;
}

/** "16/B374D848", PostgreSQL's text form of a WAL position, as a number. */
export function parseLsn(text: string): bigint {
  const match = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(text);
  if (!match) throw new Error(`not a WAL position: ${text}`);
  return (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`);
}

/**
 * The samples worth keeping after a new one: only the newest is needed once the replica
 * has passed it; each older one matters while the replica has not. `keepMs` bounds how far
 * back they go (a replica behind all of them is at least that far behind).
 */
export function keptSamples(samples: readonly WalSample[], sample: WalSample, replayed: bigint, keepMs: number): WalSample[] {
  const last = samples.at(-1);
  const next = last && last.lsn === sample.lsn ? [...samples] : [...samples, sample];
  const pending = next.filter((s) => s.lsn > replayed && s.at >= sample.at - keepMs);
  return pending.length > 0 ? pending : [next.at(-1)!];
}
