import type { LinguiConfig } from "@lingui/conf";

// Catalogs live beside the i18n code; `lingui compile --typescript` turns each
// messages.po into messages.ts, which the widget imports (no compiler at run time).
const config: LinguiConfig = {
  locales: ["no", "en", "es"],
  sourceLocale: "en",
  fallbackLocales: { default: "en" },
  catalogs: [
    {
      path: "<rootDir>/src/i18n/locales/{locale}/messages",
      include: ["<rootDir>/src"],
      exclude: ["**/*.test.*", "**/node_modules/**"],
    },
  ],
  format: "po",
};

export default config;
