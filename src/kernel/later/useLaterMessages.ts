import { useEffect, useState } from "react";
import { useWidget } from "../widget-context.ts";

/**
 * Loads the element's "later" catalog (forms, validation, errors, later steps) and
 * says when it is active: at once when it is already (fetched at idle), so that a step
 * renders in the tap's own frame rather than a loading line first. A catalog that fails
 * to load is reported, and the screen shows its English source texts rather than nothing.
 */
export function useLaterMessages(): boolean {
  const { i18n, report } = useWidget();
  const [ready, setReady] = useState(() => i18n.laterMessagesActive());
  useEffect(() => {
    let live = true;
    i18n
      .loadLaterMessages()
      .catch((failure: unknown) => report(failure, "could not load the later messages"))
      .finally(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [i18n, report]);
  return ready;
}
