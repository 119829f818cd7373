// The provider's own script (an external file: the page's CSP allows no inline script).
// It listens for the widgets' events, as a provider's analytics or confirmation page would.
const names = [
  "bw-ready",
  "bw-step-change",
  "bw-booking-confirmed",
  "bw-booking-failed",
  "bw-appointment-moved",
  "bw-appointment-cancelled",
  "bw-error",
];
const heard = [];
window.bookingEvents = heard;
for (const name of names) {
  document.addEventListener(name, (event) => {
    const widget = event.target instanceof Element ? event.target.id : "";
    heard.push({ name, widget, detail: event.detail });
    const item = document.createElement("li");
    item.textContent = `${widget}: ${name} ${JSON.stringify(event.detail)}`;
    document.getElementById("event-log")?.append(item);
  });
}
