import { readFile } from "node:fs/promises";
import { type FixtureProblem, fixtureProblems, parseFixture, type ParsedFixture } from "./fixture.ts";
import { jsonValueLines } from "./json-value-lines.ts";

/** A providers file (SEED_FILE, npm run providers:import, demo/seed/demo-providers.json) that was read and checked. */
export interface ProvidersFile {
  path: string;
  fixture: ParsedFixture;
  /** A problem found later (a taken booking link, a staff member's unknown service), named by its line too. */
  problem(problem: FixtureProblem): Error;
}

/**
 * Reads and checks a providers file in the seed's shape. A file that cannot be read, is
 * not JSON or has a bad field is refused whole: the error names the file, and each bad
 * field by its line and path.
 */
export async function readProvidersFile(path: string): Promise<ProvidersFile> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    throw new Error(`${path} cannot be read: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (error) {
    throw new Error(`${path} is not valid JSON: ${(error as Error).message}`);
  }
  const lines = jsonValueLines(text);
  const located = (problems: FixtureProblem[]) =>
    new Error(
      `${path} is refused, nothing of it was used:\n` +
        problems.map((p) => `  line ${lines.get(nearestPath(lines, p.path)) ?? 1}, ${p.path}: ${p.problem}`).join("\n"),
    );
  const problems = fixtureProblems(input);
  if (problems.length > 0) throw located(problems);
  return { path, fixture: parseFixture(input), problem: (problem) => located([problem]) };
}

/** A missing field has no line of its own: the nearest enclosing value's line stands for it. */
function nearestPath(lines: Map<string, number>, path: string): string {
  let candidate = path === "(root)" ? "" : path;
  while (!lines.has(candidate)) candidate = candidate.includes(".") ? candidate.slice(0, candidate.lastIndexOf(".")) : "";
  return candidate;
}
