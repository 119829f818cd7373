import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildInputs } from "./build-inputs.ts";

let root: string;
const write = (path: string, text: string) => {
  mkdirSync(join(root, path, ".."), { recursive: true });
  writeFileSync(join(root, path), text);
};

function aCheckout(): string {
  root = mkdtempSync(join(tmpdir(), "bw-build-inputs-"));
  write("package.json", "{}");
  write("src/app/WidgetRoot.tsx", "export const a = 1;");
  write("src/i18n/locales/en/messages.po", 'msgid "a"');
  write("demo/server.ts", "export const b = 2;");
  return root;
}

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("the build's inputs", () => {
  it("are the same when nothing the build reads changed: tests, built files, generated catalogs", () => {
    const before = buildInputs(aCheckout(), {});
    write("src/app/WidgetRoot.test.tsx", "it()");
    write("dist/booking-widget.js", "built");
    write("demo/dist/server.js", "built");
    write("src/i18n/locales/en/messages.ts", "generated");
    write("demo/admin/locales/en/admin.ts", "generated");
    write(".data/pg", "rows");
    expect(buildInputs(root, {})).toBe(before);
  });

  it("change with a source, a catalog, the configuration, a new file or the built-in DSN", () => {
    const before = buildInputs(aCheckout(), {});
    const changes = [
      () => write("src/app/WidgetRoot.tsx", "export const a = 2;"),
      () => write("src/i18n/locales/en/messages.po", 'msgid "b"'),
      () => write("demo/server.ts", "export const b = 3;"),
      () => write("demo/admin/day/DayScreen.tsx", "export const c = 1;"),
      () => write("demo/admin/locales/en/admin.po", 'msgid "c"'),
      () => write("tsup.config.ts", "export default {};"),
      () => write("src/kernel/new.ts", "export {};"),
    ];
    const seen = new Set([before]);
    for (const change of changes) {
      change();
      const now = buildInputs(root, {});
      expect(seen.has(now)).toBe(false);
      seen.add(now);
    }
    expect(buildInputs(root, { SENTRY_DSN: "https://k@o1.ingest.example.io/2" })).not.toBe(buildInputs(root, {}));
  });
});
