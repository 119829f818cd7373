import { useEffect, useState } from "react";

/**
 * Provider-written HTML (informationBoxText, cancellationBoxText) rendered only after
 * DOMPurify has cleaned it. DOMPurify loads on demand, so pages without such text
 * never download it.
 */
export function SanitizedHtml({ html, className, part }: { html: string; className?: string; part?: string }) {
  const [clean, setClean] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    void import("dompurify").then(({ default: DOMPurify }) => {
      if (cancelled) return;
      // Links open in a new tab without handing the opener to the provider's target.
      const sanitized = DOMPurify.sanitize(html, { ADD_ATTR: ["target"], FORBID_TAGS: ["style", "form", "input"] });
      setClean(sanitized);
    });
    return () => {
      cancelled = true;
    };
  }, [html]);
  if (clean === null) return null;
  return <div className={className} part={part} dangerouslySetInnerHTML={{ __html: clean }} />;
}
