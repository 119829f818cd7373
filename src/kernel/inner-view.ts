/** The element's own screens it moves between when embedded (spec §2: without the host page's URL). */
export type InnerView = "booking" | "my-page";
