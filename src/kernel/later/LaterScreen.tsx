import { useLingui } from "@lingui/react";
import type { ReactNode } from "react";
import { shellMessages } from "../shell-messages.ts";
import { useLaterMessages } from "./useLaterMessages.ts";
import { LaterStyles } from "./LaterStyles.tsx";
import { Loading } from "../../ui/Loading.tsx";

/**
 * The frame of every lazily loaded screen: its stylesheet, and its content once the
 * later catalog is active (a loading line until then).
 */
export function LaterScreen({ children }: { children: ReactNode }) {
  const { _ } = useLingui();
  const ready = useLaterMessages();
  return (
    <>
      <LaterStyles />
      {ready ? children : <Loading label={_(shellMessages.loading)} />}
    </>
  );
}
