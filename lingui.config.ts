import type { LinguiConfig } from "@lingui/conf";

// Catalogs live beside the i18n code; `lingui compile --typescript` turns each .po
// into a .ts module, which the widget imports (no compiler at run time).
//
// Two catalogs per language keep the first screen small: "messages" holds what the
// first screen may show (shell, service step); "later" holds what only later screens
// show (forms, validation, errors, My Page), loaded when one of them first renders.
const LATER = [
  "<rootDir>/src/validation",
  "<rootDir>/src/kernel/error-catalogue.ts",
  "<rootDir>/src/customer",
  "<rootDir>/src/my-page",
  "<rootDir>/src/chooser",
  "<rootDir>/src/booking/time",
  "<rootDir>/src/booking/staff",
  "<rootDir>/src/booking/information",
  "<rootDir>/src/booking/account",
  "<rootDir>/src/booking/confirm",
  "<rootDir>/src/booking/receipt",
  "<rootDir>/src/booking/payment",
  "<rootDir>/src/booking/hold",
  "<rootDir>/src/feedback",
  "<rootDir>/src/booking/service/ExtrasDialog.tsx",
  "<rootDir>/src/booking/service/extras-messages.ts",
];
// exclude takes globs: a folder needs its /** to leave the first catalog.
const LATER_GLOBS = LATER.map((path) => (/\.tsx?$/.test(path) ? path : `${path}/**`));
const config: LinguiConfig = {
  locales: ["no", "en", "es"],
  sourceLocale: "en",
  fallbackLocales: { default: "en" },
  catalogs: [
    {
      path: "<rootDir>/src/i18n/locales/{locale}/messages",
      include: ["<rootDir>/src"],
      exclude: ["**/*.test.*", "**/node_modules/**", ...LATER_GLOBS],
    },
    {
      path: "<rootDir>/src/i18n/locales/{locale}/later",
      include: LATER,
      exclude: ["**/*.test.*"],
    },
  ],
  format: "po",
};

export default config;
