import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { I18nProvider, useLingui } from "@lingui/react";
import type { Provider, Service } from "../contract/schemas/index.ts";
import { defaultExtras, ExtrasDialogView } from "../booking/service/ExtrasDialogView.tsx";
import { toLocale, type Locale } from "../i18n/locale.ts";
import { messages as englishFirst } from "../i18n/locales/en/messages.ts";
import { messages as englishLater } from "../i18n/locales/en/later.ts";
import { messages as spanishFirst } from "../i18n/locales/es/messages.ts";
import { messages as spanishLater } from "../i18n/locales/es/later.ts";
import { messages as norwegianFirst } from "../i18n/locales/no/messages.ts";
import { messages as norwegianLater } from "../i18n/locales/no/later.ts";

const CATALOGS: Record<Locale, Messages> = {
  en: { ...englishFirst, ...englishLater },
  es: { ...spanishFirst, ...spanishLater },
  no: { ...norwegianFirst, ...norwegianLater },
};
const complete = new Map<Locale, I18n>();

/** A lingui instance with every message of `locale`: the dialog's are in the later catalog, which the first screen's own instance lacks. */
function completeI18n(locale: Locale): I18n {
  let i18n = complete.get(locale);
  if (!i18n) {
    i18n = setupI18n({ locale, messages: { [locale]: CATALOGS[locale] } });
    complete.set(locale, i18n);
  }
  return i18n;
}

/** A service's extras dialog, closed, in the painted row's language (kernel/painted-extras-context.ts). */
function PaintedExtras({ service, provider }: { service: Service; provider: Provider }) {
  const { i18n } = useLingui();
  return (
    <I18nProvider i18n={completeI18n(toLocale(i18n.locale) ?? "en")}>
      <ExtrasDialogView provider={provider} service={service} ticked={defaultExtras(service)} />
    </I18nProvider>
  );
}

export const paintExtras = (service: Service, provider: Provider) => <PaintedExtras service={service} provider={provider} />;
