/** The focused element inside `node`'s tree (its shadow root or document), through nested shadow roots. */
export function deepActiveElement(node: Node): HTMLElement | null {
  let active = (node.getRootNode() as Document | ShadowRoot).activeElement as HTMLElement | null;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement as HTMLElement;
  return active;
}

const FIELDS = "input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled])";

/**
 * Focuses where a screen that has just replaced another starts: its element marked
 * `data-autofocus` (a field, or an intro with tabindex=-1 that says what changed), else its
 * first field. Answers whether something took focus.
 */
export function focusStart(container: ParentNode | null | undefined): boolean {
  const target = container?.querySelector<HTMLElement>("[data-autofocus]") ?? container?.querySelector<HTMLElement>(FIELDS);
  if (!target) return false;
  target.focus({ preventScroll: false });
  return deepActiveElement(target) === target;
}
