import { PROVIDER_HTML_POLICY } from "booking-widget/contract";

type Purifier = { sanitize(html: string, config: typeof PROVIDER_HTML_POLICY): string };

// jsdom is large: loaded with the first page that has a provider text to clean, once.
let purifier: Promise<Purifier> | undefined;
const loadPurifier = async (): Promise<Purifier> => {
  const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([import("jsdom"), import("dompurify")]);
  return createDOMPurify(new JSDOM("").window) as Purifier;
};

/**
 * Provider-written HTML cleaned as the widget cleans it in the browser (DOMPurify with
 * PROVIDER_HTML_POLICY), here on jsdom's window: the painted first screen shows the
 * information box with the first row, and the widget, which cleans it again, shows the same.
 */
export async function sanitizeProviderHtml(html: string): Promise<string> {
  purifier ??= loadPurifier();
  return (await purifier).sanitize(html, { ...PROVIDER_HTML_POLICY });
}
