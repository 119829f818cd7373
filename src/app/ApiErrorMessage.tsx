import { useLingui } from "@lingui/react";
import type { MessageDescriptor } from "@lingui/core";
import { isApiError } from "../api/errors.ts";
import { Alert } from "../ui/Alert.tsx";
import { shellMessages } from "./messages.ts";

interface ApiErrorMessageProps {
  error: unknown;
  /** The message for a 404: which thing was not found. */
  notFound: MessageDescriptor;
  name: string;
  onRetry?: () => void;
}

/** Tells the visitor, in their language, why a load failed; offers a retry when it may help. */
export function ApiErrorMessage({ error, notFound, name, onRetry }: ApiErrorMessageProps) {
  const { _ } = useLingui();
  if (isApiError(error) && error.isNotFound) return <Alert tone="error">{_({ ...notFound, values: { name } })}</Alert>;
  const message =
    isApiError(error) && error.kind === "network"
      ? shellMessages.unreachable
      : isApiError(error) && error.kind === "malformed"
        ? shellMessages.malformed
        : shellMessages.failed;
  return (
    <Alert tone="error" action={onRetry ? { label: _(shellMessages.retry), onClick: onRetry } : undefined}>
      {_(message)}
    </Alert>
  );
}
