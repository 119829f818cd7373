/**
 * The contract between the widget and a booking API: the answers' schemas, the refusal
 * codes, the enumerations, the routes, the business rules both sides apply, and the
 * provider's zoned time. Pure TypeScript on valibot: no React, no Hono, no DOM. The
 * widget imports its files directly; a server imports this whole as
 * `booking-widget/contract` (the reference API in demo/ does).
 */
export * from "./contact-patterns.ts";
export * from "./enumerations.ts";
export * from "./format-date-time.ts";
export * from "./refusals.ts";
export * from "./routes.ts";
export * from "./read-routes.ts";
export * from "./rules/chosen-staff.ts";
export * from "./rules/my-page-login.ts";
export * from "./rules/payment-method.ts";
export * from "./rules/provider-html-policy.ts";
export * from "./rules/service-price.ts";
export * from "./rules/series.ts";
export * from "./rules/waitlist-day.ts";
export * from "./format-price.ts";
export * from "./schemas/index.ts";
export * from "./schemas/series-rest.ts";
export * from "./zoned-time.ts";
export * from "./locales.ts";
export * from "./page-island.ts";
export * from "./serving-manifest.ts";
export * from "./painted-copy-address.ts";
export * from "./admin/access.ts";
export * from "./admin/session.ts";
export * from "./admin/day.ts";
