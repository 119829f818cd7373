import { lazy, type ComponentProps, type ComponentType } from "react";

type LaterModule = typeof import("./later-screens.ts");
/** The exports of the later chunk that are components. */
type ScreenName = Exclude<keyof LaterModule, "forgetSavedToken" | "startBookingProgress" | "watchNextSteps" | "preselectOnLoad">;

/** A screen of the later chunk, loaded the first time it renders. */
export function lazyScreen<K extends ScreenName>(name: K) {
  return lazy(() =>
    import("./later-screens.ts").then((screens) => ({ default: screens[name] as ComponentType<ComponentProps<LaterModule[K]>> })),
  );
}
