import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * CPU time, in seconds, of the three parties to a scale measurement: the API processes
 * (their own process_cpu_seconds_total), PostgreSQL (the postmaster of `dataDir` and every
 * process it started, from /proc) and this bench process (the load generator). Read before
 * and after a load, it says how many of the machine's cores each kept busy.
 */
export interface CpuTime {
  api: number;
  database: number;
  load: number;
  at: number;
}

export async function cpuTime(apiUrls: readonly string[], dataDir: string): Promise<CpuTime> {
  const api = await Promise.all(
    apiUrls.map(async (url) => {
      const text = await (await fetch(`${url}/metrics`)).text();
      return Number(/^process_cpu_seconds_total ([\d.e+-]+)/m.exec(text)?.[1] ?? Number.NaN);
    }),
  );
  const { user, system } = process.cpuUsage();
  return { api: api.reduce((a, b) => a + b, 0), database: databaseSeconds(dataDir), load: (user + system) / 1e6, at: performance.now() };
}

/** Cores each party kept busy between two readings (1 = one core all the time). */
export interface Cores {
  api: number;
  database: number;
  load: number;
}

export function coresBusy(before: CpuTime, after: CpuTime): Cores {
  const seconds = (after.at - before.at) / 1000;
  return {
    api: (after.api - before.api) / seconds,
    database: (after.database - before.database) / seconds,
    load: (after.load - before.load) / seconds,
  };
}

// /proc/<pid>/stat counts in clock ticks: 100 a second on Linux (getconf CLK_TCK).
const TICKS_PER_SECOND = 100;

function databaseSeconds(dataDir: string): number {
  const postmaster = Number(readFileSync(join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
  let ticks = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // ended meanwhile
    }
    // After the command's closing parenthesis: state, ppid, … utime (14th field), stime (15th).
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const pid = Number(entry);
    if (pid === postmaster || Number(fields[1]) === postmaster) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / TICKS_PER_SECOND;
}
