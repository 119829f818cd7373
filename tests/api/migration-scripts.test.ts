import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../support/test-api.ts";

// Migrations run as whole scripts (demo/api/db/migrate.ts): a statement whose body has
// semicolons at line ends (a function) is not cut apart, on PGlite and on PostgreSQL.
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

it("runs a script with a function body, comments and several statements in one transaction", async () => {
  await api.db.transaction((tx) =>
    tx.exec(`-- a function whose body has statements of its own
      CREATE FUNCTION test_script_double(n integer) RETURNS integer LANGUAGE plpgsql AS $$
      DECLARE result integer;
      BEGIN
        result := n * 2;
        RETURN result;
      END;
      $$;
      CREATE TABLE test_script_rows (n integer);
      INSERT INTO test_script_rows VALUES (test_script_double(21));`),
  );
  expect(await api.db.query("SELECT n FROM test_script_rows")).toEqual([{ n: 42 }]);
  await api.db.query("DROP TABLE test_script_rows");
  await api.db.query("DROP FUNCTION test_script_double(integer)");
  // A failing script leaves nothing behind.
  await expect(
    api.db.transaction((tx) => tx.exec("CREATE TABLE test_script_half (n integer); SELECT no_such_function();")),
  ).rejects.toThrow();
  expect(await api.db.query("SELECT to_regclass('public.test_script_half') AS t")).toEqual([{ t: null }]);
});
