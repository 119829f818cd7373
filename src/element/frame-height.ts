import { IFRAME_HEIGHT_MESSAGE } from "../app/iframe-height.ts";

/**
 * dist/frame-height.js: the iframe variant's parent script (the embed builder's snippet;
 * docs/embedding.md "Iframe mode"), a classic script served beside the widget, so that a
 * provider's strict CSP needs no inline script. Every `<iframe data-booking-widget-frame>`
 * of the page that shows this script's server is sized to the height its page posts
 * (only from that frame, only from that origin), with no border and the full width.
 */
const scriptOrigin = new URL((document.currentScript as HTMLScriptElement | null)?.src ?? location.href).origin;

const frames = () => Array.from(document.querySelectorAll<HTMLIFrameElement>("iframe[data-booking-widget-frame]"));

function styleFrames() {
  for (const frame of frames()) {
    frame.style.border = "0";
    frame.style.width = "100%";
  }
}

addEventListener("message", (event: MessageEvent<unknown>) => {
  if (event.origin !== scriptOrigin) return;
  const data = event.data as { type?: unknown; version?: unknown; height?: unknown } | null;
  if (data?.type !== IFRAME_HEIGHT_MESSAGE || data.version !== 1 || typeof data.height !== "number") return;
  const frame = frames().find((candidate) => candidate.contentWindow === event.source);
  if (frame && Number.isFinite(data.height) && data.height >= 0) frame.style.height = `${Math.ceil(data.height)}px`;
});

styleFrames();
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", styleFrames);
