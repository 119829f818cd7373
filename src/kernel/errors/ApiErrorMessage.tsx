import { useLingui } from "@lingui/react";
import type { MessageDescriptor } from "@lingui/core";
import { useEffect } from "react";
import { type ApiError, isApiError } from "../../api/errors.ts";
import { LONGEST_WAIT_SECONDS, shed } from "../../api/read-retry.ts";
import { Alert } from "../../ui/Alert.tsx";
import { shellMessages } from "../shell-messages.ts";
import { useWidget } from "../widget-context.ts";

interface ApiErrorMessageProps {
  error: unknown;
  /** The message for a 404: which thing was not found. */
  notFound: MessageDescriptor;
  name: string;
  onRetry?: () => void;
}

/** What went wrong, as bw-error's code. */
function loadFailure(error: unknown): "not-found" | "unreachable" | "malformed-answer" | "busy" | "load-failed" {
  if (!isApiError(error)) return "load-failed";
  if (error.isNotFound) return "not-found";
  if (shed(error)) return "busy";
  return error.kind === "network" ? "unreachable" : error.kind === "malformed" ? "malformed-answer" : "load-failed";
}

/**
 * A shed read, still shed after the client asked again (api/read-retry.ts): "in a moment",
 * or the minutes of a wait too long to have been waited out (rounded up, as wait-message.ts says them).
 */
function busyMessage({ retryAfterSeconds: seconds }: ApiError): MessageDescriptor {
  return seconds !== undefined && seconds > LONGEST_WAIT_SECONDS
    ? { ...shellMessages.busyFor, values: { minutes: Math.ceil(seconds / 60) } }
    : shellMessages.busy;
}

const messages = {
  unreachable: shellMessages.unreachable,
  "malformed-answer": shellMessages.malformed,
  "load-failed": shellMessages.failed,
};

/**
 * Tells the visitor, in their language, why a load failed; offers a retry when it may help
 * (a busy API too: Try again asks at once, whatever wait it named).
 */
export function ApiErrorMessage({ error, notFound, name, onRetry }: ApiErrorMessageProps) {
  const { _ } = useLingui();
  const { emit } = useWidget();
  const code = loadFailure(error);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new error is told, even of the same code
  useEffect(() => emit("bw-error", { code }), [error, code, emit]);
  if (code === "not-found") return <Alert tone="error">{_({ ...notFound, values: { name } })}</Alert>;
  const message = code === "busy" ? busyMessage(error as ApiError) : messages[code];
  return (
    <Alert tone="error" action={onRetry ? { label: _(shellMessages.retry), onClick: onRetry } : undefined}>
      {_(message)}
    </Alert>
  );
}
