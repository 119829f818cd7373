import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";

/**
 * One process owns a PGlite folder: a second one (a second server, or providers:import
 * while the server runs) would write over it. The owner keeps a lock file with its pid;
 * another process is refused while that pid lives, and takes over a stale lock.
 * Answers the release.
 */
export function lockFolder(dataDir: string): () => void {
  const file = join(dataDir, "booking-api.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(readFileSync(file, "utf8"));
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner))
        throw new Error(`The PGlite folder ${dataDir} is in use by process ${owner}: stop it first (one process owns a PGlite folder)`);
      rmSync(file, { force: true });
    }
  }
  throw new Error(`The PGlite folder ${dataDir} could not be locked`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
