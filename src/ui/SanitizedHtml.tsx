import { useEffect, useState } from "react";
import { reservedText } from "./reserved-text.ts";

/**
 * Provider-written HTML (informationBoxText, cancellationBoxText) rendered only after
 * DOMPurify has cleaned it. DOMPurify loads on demand, so pages without such text
 * never download it, and nothing waits for it: until then the text's words hold its
 * place, invisible, so nothing below moves when it appears.
 */
export function SanitizedHtml({ html, className, part }: { html: string; className?: string; part?: string }) {
  const [clean, setClean] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    void import("dompurify").then(({ default: DOMPurify }) => {
      if (cancelled) return;
      // Links open in a new tab without handing the opener to the provider's target; no
      // style attributes (a page's strict style-src would refuse them with a violation).
      const sanitized = DOMPurify.sanitize(html, { ADD_ATTR: ["target"], FORBID_TAGS: ["style", "form", "input"], FORBID_ATTR: ["style"] });
      setClean(sanitized);
    });
    return () => {
      cancelled = true;
    };
  }, [html]);
  if (clean === null) {
    return (
      <div className={`${className ?? ""} bw-reserved`.trim()} aria-hidden="true" data-reserved="">
        {reservedText(html)}
      </div>
    );
  }
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the provider's HTML after DOMPurify (clean above)
  return <div className={className} part={part} dangerouslySetInnerHTML={{ __html: clean }} />;
}
