// The README's parent snippet ("Iframe mode"), as an external file for this page's strict CSP.
const BOOKING_ORIGIN = location.origin; // where the booking page is served from
const frame = document.getElementById("booking");
frame.style.width = "100%";
frame.style.border = "0";
window.addEventListener("message", (event) => {
  const data = event.data;
  if (event.origin !== BOOKING_ORIGIN || event.source !== frame.contentWindow) return;
  if (data?.type !== "booking-widget:height" || data.version !== 1) return;
  frame.style.height = `${data.height}px`;
});
