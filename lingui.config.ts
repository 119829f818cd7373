import type { LinguiConfig } from "@lingui/conf";
import { firstScreenModules } from "./src/build/first-screen-modules.ts";

// Catalogs live beside the i18n code; `lingui compile --typescript` turns each .po
// into a .ts module, which the widget imports (no compiler at run time).
//
// Two catalogs per language keep the first screen small: "messages" holds the messages
// of the modules the first screen loads (the element's static imports, read from the code
// by demo/build/first-screen-modules.ts); "later" holds everyone else's (forms,
// validation, errors, My Page), loaded when one of those screens first renders.
const FIRST_SCREEN = firstScreenModules(import.meta.dirname ?? process.cwd()).map((file) => `<rootDir>/${file}`);
const config: LinguiConfig = {
  locales: ["no", "en", "es"],
  sourceLocale: "en",
  fallbackLocales: { default: "en" },
  catalogs: [
    {
      path: "<rootDir>/src/i18n/locales/{locale}/messages",
      include: FIRST_SCREEN,
      exclude: ["**/*.test.*"],
    },
    {
      path: "<rootDir>/src/i18n/locales/{locale}/later",
      include: ["<rootDir>/src"],
      exclude: ["**/*.test.*", "**/node_modules/**", "<rootDir>/src/build/**", ...FIRST_SCREEN],
    },
    {
      // The back office (demo/admin/, issue 59): its own catalogs, so the widget's hold none of its texts.
      path: "<rootDir>/demo/admin/locales/{locale}/admin",
      include: ["<rootDir>/demo/admin"],
      exclude: ["**/*.test.*", "**/node_modules/**"],
    },
  ],
  format: "po",
};

export default config;
