import { useLingui } from "@lingui/react";
import type { ReactNode } from "react";
import type { Provider } from "../api/schemas/index.ts";
import { Loading } from "../ui/Loading.tsx";
import { ApiErrorMessage } from "./ApiErrorMessage.tsx";
import { shellMessages } from "./messages.ts";
import { useProvider } from "./useProvider.ts";

/** Renders its children once the provider is loaded; loading and failures are shown here. */
export function ProviderGate({ bookingLink, children }: { bookingLink: string; children: (provider: Provider) => ReactNode }) {
  const { _ } = useLingui();
  const { data, error, mutate, isLoading } = useProvider(bookingLink);
  if (error) {
    return <ApiErrorMessage error={error} notFound={shellMessages.bookingPageNotFound} name={bookingLink} onRetry={() => void mutate()} />;
  }
  if (!data || isLoading) return <Loading label={_(shellMessages.loading)} />;
  return <>{children(data)}</>;
}
