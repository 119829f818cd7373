import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { PROVIDER_HTML_POLICY } from "../contract/rules/provider-html-policy.ts";
import { reservedText } from "./reserved-text.ts";

/** Marks the server's cleaned copy of a text in the painted first screen, for the widget to take over. */
const PAINTED_TEXT = "data-painted-html";

// The server's render (the painted first screen) has no document; a browser has one.
const onServer = typeof document === "undefined";

/** The painted copy's cleaned text in this root (the painted first screen, still there during React's first commit). */
function paintedText(near: Element): Element | undefined {
  const root = near.getRootNode() as ParentNode;
  return [...root.querySelectorAll(`[${PAINTED_TEXT}]`)].find((element) => element !== near);
}

/**
 * Provider-written HTML (informationBoxText, cancellationBoxText) rendered only after
 * DOMPurify has cleaned it. DOMPurify loads on demand, so pages without such text never
 * download it, and nothing waits for it. Until then:
 * - the server's own cleaning of the same text (`presanitized`, from the page's data, with
 *   the same policy) is what the painted first screen shows, and the widget's first commit
 *   takes its nodes over as they are (no HTML string is written: a page that enforces
 *   Trusted Types refuses none);
 * - else the text's words hold its place, invisible, so nothing below moves when it appears.
 */
export function SanitizedHtml({
  html,
  className,
  part,
  presanitized,
}: {
  html: string;
  className?: string;
  part?: string;
  presanitized?: string | undefined;
}) {
  const [clean, setClean] = useState<string | null>(null);
  // Whether the painted copy's cleaned nodes were taken over (null: not tried yet), and for which text.
  const [adopted, setAdopted] = useState<boolean | null>(presanitized ? null : false);
  const adoptedText = useRef<string | null>(null);
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (adopted !== null || !box.current) return;
    const painted = paintedText(box.current);
    if (painted) {
      box.current.append(...painted.childNodes);
      adoptedText.current = html;
    }
    setAdopted(Boolean(painted));
  }, [adopted, html]);
  useEffect(() => {
    let cancelled = false;
    void import("dompurify").then(({ default: DOMPurify }) => {
      if (cancelled) return;
      // The painted nodes taken over are cleaned again where they are (no HTML string is
      // written, so a page that enforces Trusted Types refuses nothing); any other text
      // is cleaned from its source. Links open in a new tab without handing the opener over.
      if (adoptedText.current === html && box.current) {
        for (const node of [...box.current.childNodes]) {
          if (node.nodeType === Node.TEXT_NODE) continue;
          try {
            if (node.nodeType !== Node.ELEMENT_NODE) throw new Error("not an element");
            // In place, nothing is parsed: no Trusted Types policy is needed (none is created).
            DOMPurify.sanitize(node as Element, { ...PROVIDER_HTML_POLICY, IN_PLACE: true, TRUSTED_TYPES_POLICY: null } as never);
          } catch {
            // A node the policy forbids as a whole (or a comment) goes.
            node.remove();
          }
        }
      } else setClean(DOMPurify.sanitize(html, { ...PROVIDER_HTML_POLICY }));
    });
    return () => {
      cancelled = true;
    };
  }, [html]);
  if (clean !== null) {
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the provider's HTML after DOMPurify (clean above)
    return <div className={className} part={part} dangerouslySetInnerHTML={{ __html: clean }} />;
  }
  if (presanitized && onServer) {
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's DOMPurify cleaning (demo/server/provider-html.ts)
    return <div className={className} part={part} {...{ [PAINTED_TEXT]: "" }} dangerouslySetInnerHTML={{ __html: presanitized }} />;
  }
  // The painted copy's nodes, taken over in the first commit (before the browser paints).
  if (presanitized && adopted !== false && (adopted === null || adoptedText.current === html))
    return <div ref={box} className={className} part={part} />;
  return (
    <div className={`${className ?? ""} bw-reserved`.trim()} aria-hidden="true" data-reserved="">
      {reservedText(html)}
    </div>
  );
}
