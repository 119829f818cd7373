/**
 * The server's painted first screen (demo/server/first-paint.ts) sits in the element's
 * shadow root until React's first render. React does not clear a shadow root it renders
 * into, so its first commit removes the painted copy (before the browser paints: the
 * services never blink) and hands on what the visitor already did to it: keyboard focus
 * moves to the same control in React's tree, and a tap the host page noted while the
 * widget's script was on its way (PAINTED_TAP) is replayed on that control.
 */
export const PAINTED_TAP = "bwPaintedTap";

type Host = Element & { [PAINTED_TAP]?: EventTarget | undefined };

/** Indexes of element children from `root` down to `node`, or null when it is not inside. */
function pathTo(root: Element, node: Node | null | undefined): number[] | null {
  if (!node || !root.contains(node)) return null;
  const path: number[] = [];
  for (let at = node instanceof Element ? node : node.parentElement; at && at !== root; at = at.parentElement) {
    path.unshift([...at.parentElement!.children].indexOf(at));
  }
  return path;
}

const elementAt = (root: Element, path: number[]) =>
  path.reduce<Element | undefined>((at, index) => at?.children[index], root) as HTMLElement | undefined;

export function replacePaintedFirstScreen(root: HTMLElement | null): void {
  const container = root?.parentNode;
  if (!root || !(container instanceof ShadowRoot)) return;
  const painted = [...container.children].find((element) => element !== root && element.classList.contains("bw-root"));
  const host = container.host as Host;
  const focused = painted ? pathTo(painted, container.activeElement) : null;
  const tapped = painted ? pathTo(painted, host[PAINTED_TAP] as Node | undefined) : null;
  delete host[PAINTED_TAP];
  for (const node of [...container.childNodes]) if (node !== root) node.remove();
  if (focused) elementAt(root, focused)?.focus();
  // After this commit, so the control's handlers see the committed tree.
  if (tapped) setTimeout(() => elementAt(root, tapped)?.click());
}
