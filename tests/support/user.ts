import type { UserEvent } from "@testing-library/user-event";

/**
 * Fills a field as a visitor does (user-event): a select picks its option, anything else
 * is cleared and typed into key by key.
 */
export async function fill(user: UserEvent, field: Element, value: string | number): Promise<void> {
  const text = String(value);
  if (field instanceof HTMLSelectElement) {
    await user.selectOptions(field, text);
    return;
  }
  await user.clear(field);
  // user-event reads { and [ as key names: doubled, they are typed as themselves.
  if (text !== "")
    await user.type(
      field,
      text.replace(/[{[]/g, (bracket) => bracket + bracket),
    );
}
