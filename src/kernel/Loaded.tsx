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
 * the content with its data. What was shown stays when asking again fails (offline a
 * moment after the page came): the error is said above it.
 */
export function Loaded<T>({ load, notFound, name = "", loading, children }: LoadedProps<T>) {
  const { _ } = useLingui();
  const told = load.error ? <ApiErrorMessage error={load.error} notFound={notFound} name={name} onRetry={load.retry} /> : null;
  return told && load.data === undefined ? (
    told
  ) : (
    <>
      {told}
      {load.data === undefined ? (loading ?? <Loading label={_(shellMessages.loading)} />) : children(load.data)}
    </>
  );
}
