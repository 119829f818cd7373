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
  if (!existsSync(folder)) git("worktree", "add", "--detach", folder, commit);
  // The serving manifest is the build's last step: without it the build did not finish.
  // Since the demo became a package of its own, the site serves it from demo/dist/widget/
  // (read once the worktree is there: before, every first build took the old path).
  const packaged = existsSync(join(folder, "demo", "package.json"));
  if (!existsSync(join(folder, packaged ? "demo/dist/widget" : "dist", "serving-manifest.json"))) {
    if (!existsSync(join(folder, "node_modules"))) symlinkSync(resolve("node_modules"), join(folder, "node_modules"), "dir");
    process.stderr.write(`bench: building ${ref} (${commit.slice(0, 12)}) in ${folder}\n`);
    // npm run build's steps, without the type declarations (which cannot name types
    // through the node_modules link, and which the bench does not need).
    const run = (command: string, ...args: string[]) =>
      execFileSync(command, args, { cwd: folder, stdio: ["ignore", "ignore", "inherit"] });
    run("npx", "lingui", "compile", "--strict", "--typescript");
    run("npx", "tsup", "--no-dts");
    run("npx", "vite", "build");
    if (packaged) execFileSync("npx", ["tsup"], { cwd: join(folder, "demo"), stdio: ["ignore", "ignore", "inherit"] });
    else run(process.execPath, "--import", "tsx", "demo/build/finish-build.ts");
  }
  return folder;
}
