import type { IgnoredAttribute } from "../booking/prefill/prefill-attributes.ts";

/** Where the widget tells about failures it handled: logged with the element's identity. */
export type Reporter = (error: unknown, context: string) => void;

export function createReporter(company: string | undefined): Reporter {
  return (error, context) => {
    console.error(`[booking-widget${company ? ` ${company}` : ""}] ${context}:`, error);
  };
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
