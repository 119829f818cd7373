import { randomBytes } from "node:crypto";
import { inject } from "vitest";

/** The PostgreSQL server a project was given (vite.config.ts `provide`), if any. */
export function postgresUrlFromVitest(): string | undefined {
  try {
    return inject("postgresUrl");
  } catch {
    return undefined;
  }
}

/** A new, empty database on the PostgreSQL server at `serverUrl`: its address, and the drop that removes it. */
export async function createTestDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const { default: pg } = await import("pg");
  const name = `bw_test_${randomBytes(6).toString("hex")}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
