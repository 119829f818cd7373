import { useLingui } from "@lingui/react";
import type { ReactNode } from "react";
import type { Provider } from "../api/schemas/index.ts";
import { Loading } from "../ui/Loading.tsx";
import { ApiErrorMessage } from "./ApiErrorMessage.tsx";
import { shellMessages } from "./messages.ts";
import { useProvider } from "./useProvider.ts";

/** Renders its children once the provider is loaded and its language active. */
export function ProviderGate({ bookingLink, children }: { bookingLink: string; children: (provider: Provider) => ReactNode }) {
  const { _ } = useLingui();
  const { provider, error, retry, ready } = useProvider(bookingLink);
  if (error) {
    return <ApiErrorMessage error={error} notFound={shellMessages.bookingPageNotFound} name={bookingLink} onRetry={retry} />;
  }
  if (!provider || !ready) return <Loading label={_(shellMessages.loading)} />;
  return <>{children(provider)}</>;
}
