import { useLingui } from "@lingui/react";
import type { MessageDescriptor } from "@lingui/core";
import type { ReactNode } from "react";
import { Loading } from "../ui/Loading.tsx";
import { ApiErrorMessage } from "./errors/ApiErrorMessage.tsx";
import type { Load } from "./loads.ts";
import { shellMessages } from "./shell-messages.ts";

interface LoadedProps<T> {
  load: Load<T>;
  /** What a 404 says ({name} is `name`). */
  notFound: MessageDescriptor;
  name?: string;
  /** Shown while it loads; the "Loading…" status line unless given. */
  loading?: ReactNode;
  children: (data: T) => ReactNode;
}

/**
 * The loading sequence of every screen that waits for the API: the error (in the
 * visitor's language, with Try again when that may help), else a loading state, else
 * the content with its data.
 */
export function Loaded<T>({ load, notFound, name = "", loading, children }: LoadedProps<T>) {
  const { _ } = useLingui();
  if (load.error) return <ApiErrorMessage error={load.error} notFound={notFound} name={name} onRetry={load.retry} />;
  if (load.data === undefined) return <>{loading ?? <Loading label={_(shellMessages.loading)} />}</>;
  return <>{children(load.data)}</>;
}
