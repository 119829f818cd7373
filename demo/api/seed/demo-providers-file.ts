import { join } from "node:path";

/**
 * The demo data of shared/spec/demo-data.md, a providers file like any other: `npm start`
 * seeds an empty database from it, and `npm run providers:import -- demo/seed/demo-providers.json`
 * puts it in a production database to try the widget there.
 */
export const DEMO_PROVIDERS_FILE = join(import.meta.dirname, "../../seed/demo-providers.json");
