import { join } from "node:path";
import { DEMO_ROOT } from "../../demo-root.ts";

/**
 * The demo data of shared/spec/demo-data.md, a providers file like any other: `npm start`
 * seeds an empty database from it, and `npm run providers:import -- demo/seed/demo-providers.json`
 * puts it in a production database to try the widget there.
 */
export const DEMO_PROVIDERS_FILE = join(DEMO_ROOT, "seed/demo-providers.json");
