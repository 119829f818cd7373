import { useLingui } from "@lingui/react";
import { shellMessages } from "./shell-messages.ts";
import { now } from "../time/now.ts";
import { useWidget } from "./widget-context.ts";

/** Copyright footer; hidden when the page runs inside an iframe (route option "iframe"). */
export function Footer({ companyName }: { companyName: string }) {
  const { _ } = useLingui();
  const { inIframe } = useWidget();
  if (inIframe) return null;
  return (
    <footer className="bw-footer" part="footer">
      {_({ ...shellMessages.footer, values: { year: now().getFullYear(), company: companyName } })}
    </footer>
  );
}
