import { execFileSync } from "node:child_process";
import { existsSync, symlinkSync } from "node:fs";
import { join, resolve } from "node:path";

/**
 * A built checkout of `ref` for the bench's before column: a detached git worktree under
 * the system's temporary folder (kept, by commit, for the next run), sharing this
 * checkout's node_modules (the bench compares commits with the same dependencies).
 * Answers its folder.
 */
export function checkoutBuilt(ref: string): string {
  const git = (...args: string[]) => execFileSync("git", args, { encoding: "utf8" }).trim();
  const commit = git("rev-parse", "--verify", `${ref}^{commit}`);
  const folder = join(process.env.TMPDIR ?? "/tmp", `booking-widget-bench-${commit.slice(0, 12)}`);
  if (!existsSync(join(folder, "dist", "booking-widget.js"))) {
    if (!existsSync(folder)) git("worktree", "add", "--detach", folder, commit);
    if (!existsSync(join(folder, "node_modules"))) symlinkSync(resolve("node_modules"), join(folder, "node_modules"), "dir");
    process.stderr.write(`bench: building ${ref} (${commit.slice(0, 12)}) in ${folder}\n`);
    execFileSync("npm", ["run", "build"], { cwd: folder, stdio: ["ignore", "ignore", "inherit"] });
  }
  return folder;
}
