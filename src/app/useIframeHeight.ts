import { useEffect } from "react";

/** Iframe mode: the parent window is told the page's height as it changes (iframe-height.ts, loaded only in that mode). */
export function useIframeHeight(inIframe: boolean, company: string | undefined) {
  useEffect(() => {
    if (!inIframe || !company) return;
    let stop: (() => void) | undefined;
    let live = true;
    void import("./iframe-height.ts").then(({ postHeightToParent }) => {
      if (live) stop = postHeightToParent(company);
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [inIframe, company]);
}
