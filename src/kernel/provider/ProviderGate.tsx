import { useLingui } from "@lingui/react";
import { useEffect, type ReactNode } from "react";
import type { Provider } from "../../contract/schemas/index.ts";
import { Loading } from "../../ui/Loading.tsx";
import { ApiErrorMessage } from "../errors/ApiErrorMessage.tsx";
import { shellMessages } from "../shell-messages.ts";
import { useProvider } from "./useProvider.ts";
import { useWidget } from "../widget-context.ts";
import type { Locale } from "../../i18n/locale.ts";

interface ProviderGateProps {
  bookingLink: string;
  /** Named in bw-ready. */
  view: "booking" | "my-page";
  /** Runs during the render in which a newly loaded provider arrives, before the children render. */
  onNewProvider?: (provider: Provider) => void;
  children: (provider: Provider) => ReactNode;
}

/** Renders its children once the provider is loaded and its language active; then says bw-ready. */
export function ProviderGate({ bookingLink, view, onNewProvider, children }: ProviderGateProps) {
  const { _, i18n } = useLingui();
  const { emit } = useWidget();
  const { provider, error, retry, ready } = useProvider(bookingLink, onNewProvider);
  const shown = ready ? provider?.bookingLink : undefined;
  // Once per provider shown: a revalidated provider object or a language switch is not news.
  // biome-ignore lint/correctness/useExhaustiveDependencies: not i18n.locale: the language at that moment
  useEffect(() => {
    if (shown) emit("bw-ready", { company: shown, language: i18n.locale as Locale, view });
  }, [shown, view, emit]);
  // A provider already shown stays when asking again fails (offline a moment after the
  // page came): its screens, which ask again too, say so above what they show.
  if (error && !provider) {
    return <ApiErrorMessage error={error} notFound={shellMessages.bookingPageNotFound} name={bookingLink} onRetry={retry} />;
  }
  if (!provider || !ready) return <Loading label={_(shellMessages.loading)} />;
  return <>{children(provider)}</>;
}
