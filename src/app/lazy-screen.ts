import { lazy, type ComponentProps, type ComponentType } from "react";

type LaterScreens = typeof import("./later-screens.ts");

/** A screen of the later chunk, loaded the first time it renders. */
export function lazyScreen<K extends keyof LaterScreens>(name: K) {
  return lazy(() => import("./later-screens.ts").then((screens) => ({ default: screens[name] as ComponentType<ComponentProps<LaterScreens[K]>> })));
}
