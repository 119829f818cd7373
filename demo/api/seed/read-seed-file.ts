import { readFile } from "node:fs/promises";

/** SEED_FILE's JSON, or an error that names the file and what is wrong with it. */
export async function readSeedFile(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    throw new Error(`SEED_FILE ${path} cannot be read: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`SEED_FILE ${path} is not valid JSON: ${(error as Error).message}`);
  }
}
