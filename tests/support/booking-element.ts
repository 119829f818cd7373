/** A <booking-widget> with `attributes`, added to the document's body (not upgraded: the element is not defined in these tests). */
export function bookingElement(attributes: Record<string, string>): HTMLElement {
  const host = document.createElement("booking-widget");
  for (const [name, value] of Object.entries(attributes)) host.setAttribute(name, value);
  document.body.append(host);
  return host;
}
