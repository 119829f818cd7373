/** Indexes of element children from `root` down to `node`, or null when it is not inside. */
export function pathTo(root: Element, node: Node | null | undefined): number[] | null {
  if (!node || !root.contains(node)) return null;
  const path: number[] = [];
  for (let at = node instanceof Element ? node : node.parentElement; at && at !== root; at = at.parentElement) {
    path.unshift([...at.parentElement!.children].indexOf(at));
  }
  return path;
}

/** The element at `path` under `root` (the same place in another tree of the same shape). */
export const elementAt = (root: Element, path: number[] | null) =>
  path ? (path.reduce<Element | undefined>((at, index) => at?.children[index], root) as HTMLElement | undefined) : undefined;
