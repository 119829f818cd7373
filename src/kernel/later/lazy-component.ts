import { createElement, lazy, useState, type ComponentType } from "react";
import { ApiError } from "../../api/errors.ts";
import { ApiErrorMessage } from "../errors/ApiErrorMessage.tsx";
import { shellMessages } from "../shell-messages.ts";

/**
 * A component from code loaded on demand (`load`), which renders at once when that code
 * has already arrived (`loaded`, e.g. fetched while the page was idle). React's `lazy`
 * alone suspends on the first render even then: the Suspense fallback is committed, and
 * React holds back the content that replaces it until 300 ms after that fallback showed
 * (its throttle on revealing content), a pause on the first tap into every such screen.
 * The choice is made when the component mounts: switching from the lazy one to the loaded
 * one afterwards would remount it and lose its state.
 *
 * Code that could not be fetched (offline) is told in the screen's place, as the network
 * failure it is, with Try again, which asks for it anew; what is around the screen stays
 * (the stepper, what was chosen). React's lazy keeps that answer for good: a screen
 * mounted later asks `loaded` first.
 */
export function lazyComponent<Props>(
  load: () => Promise<ComponentType<Props>>,
  loaded: () => ComponentType<Props> | undefined,
): ComponentType<Props> {
  const unreached = (cause?: unknown) => new ApiError({ kind: "network", path: "", cause });
  // biome-ignore lint/correctness/noComponentHookFactories: made once per lazily loaded component, at module level (never during a render)
  function Unreached(props: Props) {
    const [Shown, show] = useState(loaded);
    const [error, fail] = useState(unreached);
    return Shown
      ? createElement(Shown as ComponentType<object>, props as object)
      : createElement(ApiErrorMessage, {
          error,
          notFound: shellMessages.failed,
          name: "",
          onRetry: () =>
            load().then(
              (component) => show(() => component),
              (cause) => fail(unreached(cause)),
            ),
        });
  }
  const Lazy = lazy(() =>
    load().then(
      (component) => ({ default: component }),
      () => ({ default: Unreached as ComponentType<Props> }),
    ),
  );
  // biome-ignore lint/correctness/noComponentHookFactories: made once per lazily loaded component, at module level (never during a render)
  return function Loaded(props: Props) {
    const [Chosen] = useState<ComponentType<Props>>(() => loaded() ?? Lazy);
    return createElement(Chosen as ComponentType<object>, props as object);
  };
}
