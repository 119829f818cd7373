import {
  handOverExtras,
  insidePaintedDialog,
  type PaintedExtrasOutcome,
  paintedExtrasOf,
  paintedExtrasOutcome,
} from "./painted-extras-hand-over.ts";
import { elementAt, pathTo } from "./tree-path.ts";

/**
 * The server's painted first screen (src/prerender/first-paint.ts) sits in the element's
 * shadow root until React's first render. React does not clear a shadow root it renders
 * into, so its first commit removes the painted copy (before the browser paints: the
 * services never blink) and hands on what the visitor already did to it: keyboard focus
 * moves to the same control in React's tree, and what the host page noted while the
 * widget's script was on its way (PAINTED_ACTIONS: taps, a language or other choice in a
 * select, text typed in a field) is done again, in order, on the same controls. A tap on
 * a painted service with extras opened its painted extras dialog at once: the widget's
 * own dialog takes over its ticks and how it was left (painted-extras-hand-over.ts).
 *
 * The painted controls come disabled (a disabled fieldset round the copy) and the host
 * page enables them once it is listening (notePaintedActions): before that, a tap or a
 * choice would be lost without a sign; a disabled control says "not yet".
 */
export const PAINTED_ACTIONS = "bwPaintedActions";

/**
 * On a provider's page the loader (src/element/loader.ts) paints the copy itself, from the
 * server's answer, and leaves that answer's page data on the element under this name.
 */
export const PAINTED_PAGE = "bwPaintedPage";

/**
 * Set on the window once the widget's own script runs: a paint answer that arrives later
 * is not shown (the widget renders, and asks, by itself).
 */
export const WIDGET_STARTED = "bwWidgetStarted";

/** The class of the painted copy's wrapper, a fieldset disabled until the host page listens. */
export const PAINTED_CLASS = "bw-painted";

/**
 * The painted copy's wrapper: a fieldset, disabled until the host page listens, that adds
 * no box of its own (display: contents: no border, margin or padding either) and keeps
 * its controls looking as the widget's will (only the pointer says "wait").
 */
export const PAINTED_CSS =
  `.${PAINTED_CLASS}{display:contents}` + `.${PAINTED_CLASS}:disabled :is(button,select,input){opacity:1;cursor:progress}`;

/** One thing the visitor did to the painted copy: a tap, or a new value of a select or a text field. */
export type PaintedAction = { kind: "tap"; target: EventTarget } | { kind: "value"; target: EventTarget; value: string };

type Host = Element & { [PAINTED_ACTIONS]?: PaintedAction[] | undefined };

const isTextField = (target: EventTarget): target is HTMLInputElement | HTMLTextAreaElement =>
  target instanceof HTMLTextAreaElement || (target instanceof HTMLInputElement && !["checkbox", "radio"].includes(target.type));

/**
 * The host page's part (demo/host/main.ts): notes every tap and every new value on the
 * painted copy of `host`, then enables the painted controls.
 */
export function notePaintedActions(host: Element): void {
  const shadow = host.shadowRoot;
  // Once per copy: the standalone page's inline script notes from the first paint, and the
  // host page's script, arriving later, keeps what it noted.
  if (!shadow || (host as Host)[PAINTED_ACTIONS]) return;
  const actions: PaintedAction[] = [];
  (host as Host)[PAINTED_ACTIONS] = actions;
  // Only until the widget has taken over (replacePaintedFirstScreen takes the list away):
  // from then on the shadow root holds the widget's own controls and links, which answer
  // for themselves. The listeners leave at the first event after that.
  const listeners = new AbortController();
  const noting = () => {
    if ((host as Host)[PAINTED_ACTIONS] === actions) return true;
    listeners.abort();
    return false;
  };
  const { signal } = listeners;
  shadow.addEventListener(
    "click",
    (tap) => {
      if (!noting()) return;
      const event = tap as MouseEvent;
      const target = event.composedPath()[0]!;
      const element = target instanceof Element ? target : null;
      const link = element?.closest("a[href]");
      // A link opened in a new tab or window goes as the visitor asked; it is not a tap to do again.
      if (link && (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0)) return;
      // A painted link (the menu's My Page) is not followed now: the widget's own link,
      // tapped again once it has taken over, moves inside the element on a provider's
      // page rather than taking the visitor off it.
      if (link) event.preventDefault();
      actions.push({ kind: "tap", target });
      // A tap on a service shows at once, in the next frame, as the widget would show it: the
      // service chosen, and its extras dialog open when it has one (the server painted it
      // closed, in the row), while the widget is still on its way (and takes the tap over).
      const row = element?.closest(".bw-service__button")?.parentElement;
      row?.classList.add("bw-service--selected");
      row?.querySelector("dialog")?.showModal();
    },
    { capture: true, signal },
  );
  // A select's choice arrives as "change"; a checkbox's as its tap (noted above).
  shadow.addEventListener(
    "change",
    (event) => {
      if (!noting()) return;
      const target = event.composedPath()[0]!;
      if (target instanceof HTMLSelectElement) actions.push({ kind: "value", target, value: target.value });
    },
    { signal },
  );
  // Typing is one action per field: its latest text.
  shadow.addEventListener(
    "input",
    (event) => {
      if (!noting()) return;
      const target = event.composedPath()[0]!;
      if (!isTextField(target)) return;
      const last = actions.at(-1);
      if (last?.kind === "value" && last.target === target) last.value = target.value;
      else actions.push({ kind: "value", target, value: target.value });
    },
    { signal },
  );
  shadow.querySelector(`fieldset.${PAINTED_CLASS}`)?.removeAttribute("disabled");
}

/** Sets a value as typing would, so React's onChange hears it (the prototype's setter, then the event it listens to). */
function enterValue(element: HTMLElement, value: string): void {
  if (!(element instanceof HTMLSelectElement || isTextField(element))) return;
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), "value")?.set?.call(element, value);
  element.dispatchEvent(new Event(element instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
}

/** A noted action to do again on the widget's tree: its control there, and the painted extras dialog a tap on a row opened. */
interface HandedOver {
  action: PaintedAction;
  control: HTMLElement | undefined;
  extras?: { painted: HTMLDialogElement; outcome: PaintedExtrasOutcome } | undefined;
}

/** Each noted action's control in React's tree, found while `painted` is the tree the visitor saw. */
function handOver(painted: Element, root: Element, noted: PaintedAction[]): HandedOver[] {
  return noted.flatMap((action, index) => {
    if (insidePaintedDialog(action.target)) return [];
    const control = elementAt(root, pathTo(painted, action.target as Node));
    const dialog = action.kind === "tap" ? paintedExtrasOf(action.target) : null;
    const after = noted.slice(index + 1).map((later) => later.target);
    return [{ action, control, extras: dialog ? { painted: dialog, outcome: paintedExtrasOutcome(dialog, after) } : undefined }];
  });
}

export function replacePaintedFirstScreen(root: HTMLElement | null): void {
  const container = root?.parentNode;
  if (!root || !(container instanceof ShadowRoot)) return;
  const painted = [...container.querySelectorAll<HTMLElement>(".bw-root")].find((element) => element !== root);
  const host = container.host as Host;
  // A painted extras dialog still open stays on screen (the rest of the copy hidden) until
  // the widget's own has opened and taken its state (painted-extras-hand-over.ts).
  const shownDialog = painted?.querySelector<HTMLDialogElement>("dialog[open]") ?? null;
  const focused = painted && !shownDialog ? pathTo(painted, container.activeElement) : null;
  const actions = painted ? handOver(painted, root, host[PAINTED_ACTIONS] ?? []) : [];
  delete host[PAINTED_ACTIONS];
  const rest = [...container.childNodes].filter((node) => node !== root);
  const removeRest = () => {
    for (const node of rest) node.remove();
  };
  if (painted && shownDialog) {
    Object.assign(painted.style, { position: "absolute", height: "0", overflow: "hidden", visibility: "hidden" });
    shownDialog.style.visibility = "visible";
    // Cleared, so that a close from now on says which button closed it (Escape leaves it empty).
    shownDialog.returnValue = "";
  } else removeRest();
  if (focused) elementAt(root, focused)?.focus();
  if (actions.length === 0) {
    removeRest();
    return;
  }
  // After this commit, so the controls' handlers see the committed tree. A control an
  // earlier action took off the screen (a tap that moved on to the next step) is gone:
  // what was done to it is not done to whatever stands there now.
  setTimeout(() => void replay(root, actions, removeRest).finally(removeRest));
}

/** Does the actions again, in order; the painted copy's rest goes once the dialog left open has been handed over. */
async function replay(root: HTMLElement, actions: HandedOver[], removeRest: () => void): Promise<void> {
  for (const { action, control, extras } of actions) {
    if (!control?.isConnected) continue;
    // A tap on a ticked service unticks it (several services at once) and opens no dialog,
    // though the painted copy, which knows no ticks, opened its own.
    const unticks = control.closest("button")?.getAttribute("aria-pressed") === "true";
    if (action.kind === "tap") control.click();
    else enterValue(control, action.value);
    if (!extras || unticks) continue;
    await handOverExtras(root, control, extras.painted, extras.outcome);
    if (extras.outcome === "open") removeRest();
  }
}
