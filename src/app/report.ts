/** Where the widget tells about failures it handled: logged with the element's identity. */
export type Reporter = (error: unknown, context: string) => void;

export function createReporter(company: string | undefined): Reporter {
  return (error, context) => {
    console.error(`[booking-widget${company ? ` ${company}` : ""}] ${context}:`, error);
  };
}
