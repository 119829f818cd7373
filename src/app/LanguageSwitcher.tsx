import { useLingui } from "@lingui/react";
import { useId } from "react";
import { LOCALES, toLocale, type Locale } from "../i18n/locale.ts";
import { storeLanguage } from "../i18n/locale-storage.ts";
import { shellMessages } from "../kernel/shell-messages.ts";
import { useWidget } from "../kernel/widget-context.ts";

/** Each language named in itself, so a visitor finds their own whatever is active. */
const ENDONYMS: Record<Locale, string> = { no: "Norsk", en: "English", es: "Español" };

/** The visible language choice (spec §1): switches this element only, and remembers it. */
export function LanguageSwitcher() {
  const { _, i18n } = useLingui();
  const { i18n: widgetI18n, report } = useWidget();
  const id = useId();
  const choose = (value: string) => {
    const locale = toLocale(value);
    if (!locale) return;
    widgetI18n.choose(locale).then(
      () => storeLanguage(locale),
      (failure: unknown) => report(failure, `could not load the "${locale}" language`),
    );
  };
  return (
    <div className="bw-language" part="language">
      <label htmlFor={id} className="bw-visually-hidden">
        {_(shellMessages.language)}
      </label>
      <select id={id} value={i18n.locale} onChange={(event) => choose(event.target.value)}>
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale === "no" ? "nb" : locale}>
            {ENDONYMS[locale]}
          </option>
        ))}
      </select>
    </div>
  );
}
