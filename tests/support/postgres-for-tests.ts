/**
 * Which PostgreSQL server the API tests' second run uses: TEST_DATABASE_URL, when a
 * server answers there. Decided once, when vitest loads its config, so that the run
 * says plainly whether the PostgreSQL pass happens and why not.
 */
export async function postgresForTests(env: NodeJS.ProcessEnv = process.env): Promise<{ url: string | null; reason: string }> {
  const url = env.TEST_DATABASE_URL;
  if (!url) return { url: null, reason: "TEST_DATABASE_URL is not set (.ci/run starts a server and sets it)" };
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return { url, reason: "" };
  } catch (error) {
    const where = url.replace(/\/\/[^@/]*@/, "//");
    return { url: null, reason: `no PostgreSQL server reachable at ${where} (${(error as Error).message || String(error)})` };
  } finally {
    await client.end().catch(() => {});
  }
}
