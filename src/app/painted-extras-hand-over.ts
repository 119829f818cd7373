/**
 * A painted service row with extras opens its painted extras dialog at the tap
 * (painted-first-screen.ts notes the tap; the server painted the dialog closed in the row,
 * src/prerender/painted-extras.tsx). When the widget takes over, the tap on the row is done
 * again and the widget opens its own dialog; this hands the painted dialog's state over to
 * it in the same task, before a frame is painted: the same extras ticked, and then the
 * dialog left open with focus on the same control, or closed the way the visitor closed
 * the painted one (Choose, or Cancel for its Cancel button and for Escape).
 */
import { elementAt, pathTo } from "./tree-path.ts";

/** How the visitor left a painted extras dialog when the widget took over: open, or the value of the button that closed it. */
export type PaintedExtrasOutcome = "open" | "choose" | "cancel";

/** The painted extras dialog a tap on `target` opened, if any: the dialog in the tapped service row. */
export function paintedExtrasOf(target: EventTarget): HTMLDialogElement | null {
  const element = target instanceof Element ? target : null;
  return element?.closest(".bw-service__button")?.parentElement?.querySelector(":scope > dialog") ?? null;
}

/** Whether `target` is inside a painted dialog (what it did there is handed over as the dialog's state, not tap by tap). */
export const insidePaintedDialog = (target: EventTarget) => target instanceof Node && !!target.parentElement?.closest("dialog");

/**
 * How the dialog was left: open now; else the value of the last button tapped in it after
 * the tap that opened it (`after`: the noted targets that followed); none (Escape) is a cancel.
 */
export function paintedExtrasOutcome(dialog: HTMLDialogElement, after: EventTarget[]): PaintedExtrasOutcome {
  if (dialog.open) return "open";
  let outcome: PaintedExtrasOutcome = "cancel";
  for (const target of after) {
    if (!(target instanceof Node) || !dialog.contains(target)) break;
    const value = (target instanceof Element ? target : target.parentElement)?.closest("button")?.value;
    if (value === "choose" || value === "cancel") outcome = value;
  }
  return outcome;
}

/** Resolves with the widget's open extras dialog once it is, or null when `row` leaves the screen or none opens within `waitMs`. */
function widgetExtras(root: HTMLElement, row: Element, waitMs: number): Promise<HTMLDialogElement | null> {
  const find = () => root.querySelector<HTMLDialogElement>("dialog.bw-extras[open]");
  const open = find();
  if (open) return Promise.resolve(open);
  return new Promise((resolve) => {
    // A mutation observer's callback comes as a microtask after the dialog's showModal: the
    // state is handed over before the browser paints the widget's dialog.
    const observer = new MutationObserver(() => {
      const dialog = find();
      if (dialog || !row.isConnected) done(dialog);
    });
    const timer = setTimeout(() => done(null), waitMs);
    const done = (dialog: HTMLDialogElement | null) => {
      observer.disconnect();
      clearTimeout(timer);
      resolve(dialog);
    };
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ["open"] });
  });
}

const checkboxes = (dialog: Element) => [...dialog.querySelectorAll<HTMLInputElement>("input[type=checkbox]")];

/**
 * After the row's tap was done again on the widget: waits for the widget's extras dialog
 * (its code may still be on its way: up to `waitMs`), then gives it the painted dialog's
 * ticks and outcome. `outcome` is how the painted dialog was left at the take-over; one
 * still open then may have been closed since (its returnValue was cleared at the take-over).
 */
export async function handOverExtras(
  root: HTMLElement,
  row: Element,
  painted: HTMLDialogElement,
  outcome: PaintedExtrasOutcome,
  waitMs = 10_000,
): Promise<void> {
  const dialog = await widgetExtras(root, row, waitMs);
  if (!dialog) return;
  const twins = checkboxes(dialog);
  checkboxes(painted).forEach((box, index) => {
    if (twins[index] && twins[index].checked !== box.checked) twins[index].click();
  });
  // React renders the ticks in a microtask of its own; Choose then reads them.
  await Promise.resolve();
  const now = outcome === "open" && !painted.open ? (painted.returnValue === "choose" ? "choose" : "cancel") : outcome;
  if (now === "open") {
    elementAt(dialog, pathTo(painted, (painted.getRootNode() as ShadowRoot).activeElement))?.focus();
    return;
  }
  dialog.querySelector<HTMLButtonElement>(`button[value="${now}"]`)?.click();
}
