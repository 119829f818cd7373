import { replayIntegration } from "@sentry/browser";
import { scrubRecordingUrls } from "./scrub.ts";

/**
 * Session replay, added once Sentry runs on a page that records: text and inputs
 * masked, media blocked, the element's prefill attributes masked like text; no
 * compression worker (a strict CSP allows no blob: worker). Addresses in the recording
 * keep their path only (My Page's address may carry the login code).
 */
export function sessionReplay() {
  const maskAttributes = ["title", "placeholder", "first-name", "last-name", "email", "phone", "sentry-dsn"];
  return replayIntegration({
    maskAllText: true,
    maskAllInputs: true,
    blockAllMedia: true,
    maskAttributes,
    useCompression: false,
    beforeAddRecordingEvent: (event) => scrubRecordingUrls(event),
  });
}
