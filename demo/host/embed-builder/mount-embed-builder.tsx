import { createRoot } from "react-dom/client";
import { EmbedBuilder } from "./EmbedBuilder.tsx";
import "./embed-builder.css";

/** The embed builder's page (/{bookingLink}/embed): React, in this chunk only. */
export function mountEmbedBuilder(container: HTMLElement, bookingLink: string): void {
  document.title = "Embed the booking widget";
  const sentryOrigin = document.querySelector<HTMLMetaElement>('meta[name="booking-widget-sentry-origin"]')?.content ?? null;
  createRoot(container).render(<EmbedBuilder bookingLink={bookingLink} origin={location.origin} sentryOrigin={sentryOrigin} />);
}
