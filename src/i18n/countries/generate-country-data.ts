// npm run generate:countries: rewrites country-data.ts from libphonenumber-js metadata.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { countryDataSource, countryRows } from "./country-source.ts";

const target = join(import.meta.dirname, "country-data.ts");
const { version } = JSON.parse(readFileSync("node_modules/libphonenumber-js/package.json", "utf8")) as { version: string };
writeFileSync(target, countryDataSource(countryRows(), version));
console.log(`wrote ${target}`);
