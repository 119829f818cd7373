import type { ErrorSink } from "../../error-reporting/error-reporting.ts";

/** Where the widget tells about failures it handled: logged with the element's identity. */
export type Reporter = (error: unknown, context: string) => void;

/** Logs with the element's identity, and sends to error reporting when it is configured. */
export function createReporter(company: string | undefined, sink?: ErrorSink | null): Reporter {
  return (error, context) => {
    console.error(`[booking-widget${company ? ` ${company}` : ""}] ${context}:`, error);
    sink?.capture(error, context);
  };
}

/** An attribute value that was not used, and why (said once in the console). */
export interface IgnoredAttribute {
  attribute: "first-name" | "last-name" | "email" | "phone" | "service" | "staff" | "theme";
  value: string;
  why: string;
}

/** Says in the console, once per element and value, that an attribute value was not used and why. */
export type AttributeWarner = (ignored: readonly IgnoredAttribute[]) => void;

export function createAttributeWarner(company: string | undefined): AttributeWarner {
  const said = new Set<string>();
  return (ignored) => {
    for (const { attribute, value, why } of ignored) {
      const key = `${attribute}=${value}`;
      if (said.has(key)) continue;
      said.add(key);
      console.warn(`[booking-widget${company ? ` ${company}` : ""}] ignored ${attribute}="${value}": ${why}`);
    }
  };
}
