import { createElement, lazy, useState, type ComponentType } from "react";

/**
 * A component from code loaded on demand (`load`), which renders at once when that code
 * has already arrived (`loaded`, e.g. fetched while the page was idle). React's `lazy`
 * alone suspends on the first render even then: the Suspense fallback is committed, and
 * React holds back the content that replaces it until 300 ms after that fallback showed
 * (its throttle on revealing content), a pause on the first tap into every such screen.
 * The choice is made when the component mounts: switching from the lazy one to the loaded
 * one afterwards would remount it and lose its state.
 */
export function lazyComponent<Props>(
  load: () => Promise<ComponentType<Props>>,
  loaded: () => ComponentType<Props> | undefined,
): ComponentType<Props> {
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per lazily loaded component, at module level (never during a render)
  return function Loaded(props: Props) {
    const [Chosen] = useState<ComponentType<Props>>(() => loaded() ?? Lazy);
    return createElement(Chosen as ComponentType<object>, props as object);
  };
}
