/**
 * Libraries the widget's build resolves to modules of ours (tsup.config.ts): `ufo`, which
 * ofetch imports for two URL helpers, is src/api/fetch-url.ts. They are reached from
 * the first screen's ofetch, so the first screen holds them (first-screen-modules.ts).
 */
export const LIBRARY_ALIASES: Record<string, string> = { ufo: "src/api/fetch-url.ts" };
