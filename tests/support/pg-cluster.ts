import { execFile } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/**
 * Debian's PostgreSQL binaries (the newest installed), or null when none is: the failover
 * and replica tests start clusters of their own with them (.ci/start-postgres installs them).
 */
export function postgresBin(): string | null {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((version) => existsSync(join(root, version, "bin", "initdb")))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest ? join(root, newest, "bin") : null;
}

/** initdb refuses to run as root: as root, every PostgreSQL program runs as the postgres user. */
const asOwner = (bin: string, program: string, args: string[]) =>
  process.getuid?.() === 0
    ? run("runuser", ["-u", "postgres", "--", join(bin, program), ...args], { maxBuffer: 16 << 20 })
    : run(join(bin, program), args, { maxBuffer: 16 << 20 });

/** A folder the cluster's owner may write (as root: the postgres user). */
function ownedFolder(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (process.getuid?.() === 0) {
    const { uid, gid } = postgresUser();
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o700);
  }
  return dir;
}

function postgresUser(): { uid: number; gid: number } {
  const line = readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((entry) => entry.startsWith("postgres:"));
  const [, , uid, gid] = line?.split(":") ?? [];
  if (uid === undefined || gid === undefined) throw new Error("no postgres user on this machine (install Debian's postgresql)");
  return { uid: Number(uid), gid: Number(gid) };
}

/**
 * One PostgreSQL server of a test's own, in a fresh folder on loopback: a primary
 * (initCluster) or a streaming standby of one (standbyOf, from pg_basebackup). Its
 * start, clean stop, crash (kill -9 of the postmaster) and promotion are a test's to call.
 */
export interface PgCluster {
  readonly port: number;
  readonly dataDir: string;
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url(database?: string): string;
  start(): Promise<void>;
  /** pg_ctl stop -m fast: connections are ended, the server shuts down cleanly. */
  stop(): Promise<void>;
  /** kill -9 of the postmaster: the machine dying, as far as the clients can tell. */
  crash(): Promise<void>;
  /** pg_ctl promote: a standby becomes a primary that accepts writes. */
  promote(): Promise<void>;
  /** Runs statements one by one (each its own transaction) as postgres; answers the last one's rows. */
  sql(...statements: string[]): Promise<Record<string, unknown>[]>;
  /** Stops it if it runs, and removes its folder. */
  remove(): Promise<void>;
}

/** Settings a primary with streaming standbys needs; fsync off, as every test cluster here. */
const PRIMARY_SETTINGS = [
  "listen_addresses = '127.0.0.1'",
  "fsync = off",
  "max_connections = 200",
  "wal_level = replica",
  "max_wal_senders = 5",
  "hot_standby = on",
  "hot_standby_feedback = on",
];

export async function initCluster(port: number, settings: string[] = []): Promise<PgCluster> {
  const bin = postgresBin();
  if (!bin) throw new Error("PostgreSQL is not installed (.ci/start-postgres installs Debian's postgresql)");
  const dataDir = join(ownedFolder("bw-pg-"), "data");
  await asOwner(bin, "initdb", ["-D", dataDir, "-A", "trust", "-U", "postgres", "--no-sync"]);
  await appendSettings(dataDir, [...PRIMARY_SETTINGS, ...settings]);
  return cluster(bin, dataDir, port);
}

/** A hot standby streaming from `primary` (pg_basebackup -R), synchronous when the primary names it so. */
export async function standbyOf(primary: PgCluster, port: number, name = "standby"): Promise<PgCluster> {
  const bin = postgresBin()!;
  const dataDir = join(ownedFolder("bw-pg-standby-"), "data");
  await asOwner(bin, "pg_basebackup", [
    "-h",
    "127.0.0.1",
    "-p",
    String(primary.port),
    "-U",
    "postgres",
    "-D",
    dataDir,
    "-R",
    "-X",
    "stream",
  ]);
  // Its application_name is what the primary's synchronous_standby_names matches.
  await appendSettings(dataDir, [`primary_conninfo = 'host=127.0.0.1 port=${primary.port} user=postgres application_name=${name}'`]);
  return cluster(bin, dataDir, port);
}

async function appendSettings(dataDir: string, settings: string[]) {
  const file = join(dataDir, "postgresql.auto.conf");
  const text = existsSync(file) ? readFileSync(file, "utf8") : "";
  writeFileSync(file, `${text}\n${settings.join("\n")}\n`);
  if (process.getuid?.() === 0) {
    const { uid, gid } = postgresUser();
    chownSync(file, uid, gid);
  }
}

function cluster(bin: string, dataDir: string, port: number): PgCluster {
  const socketDir = join(dataDir, "..");
  let running = false;
  const pgCtl = (...args: string[]) => asOwner(bin, "pg_ctl", ["-D", dataDir, ...args]);
  return {
    port,
    dataDir,
    url: (database = "postgres") => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async start() {
      mkdirSync(socketDir, { recursive: true });
      await pgCtl("-l", join(socketDir, "server.log"), "-w", "-o", `-p ${port} -k ${socketDir}`, "start");
      running = true;
    },
    async stop() {
      if (!running) return;
      await pgCtl("-m", "fast", "-w", "stop").catch(() => undefined);
      running = false;
    },
    async crash() {
      const pid = Number(readFileSync(join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
      process.kill(pid, "SIGKILL");
      running = false;
      // The postmaster's children notice their parent gone and exit on their own; wait for the port to close.
      for (let tries = 0; tries < 100 && (await portOpen(port)); tries++) await new Promise((r) => setTimeout(r, 50));
    },
    sql: (...statements) =>
      withPgClient(`postgres://postgres@127.0.0.1:${port}/postgres`, async (client) => {
        let rows: Record<string, unknown>[] = [];
        for (const statement of statements) rows = (await client.query(statement)).rows;
        return rows;
      }),
    async promote() {
      await pgCtl("-w", "promote");
    },
    async remove() {
      if (running) await this.stop();
      // A crashed postmaster's children may still be ending: kill what is left on this data folder.
      await run("pkill", ["-9", "-f", `-D ${dataDir}`]).catch(() => undefined);
      rmSync(join(dataDir, ".."), { recursive: true, force: true });
    },
  };
}

async function portOpen(port: number): Promise<boolean> {
  const { createConnection } = await import("node:net");
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** `use` with one connection to the database at `url`, closed after whatever happens. */
export async function withPgClient<T>(url: string, use: (client: import("pg").Client) => Promise<T>): Promise<T> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** A free loopback port, as the operating system hands one out. */
export async function freePort(): Promise<number> {
  const { createServer } = await import("node:net");
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
