import type { ComponentType } from "react";
import { lazyComponent } from "./lazy-component.ts";
import { laterLoaded, loadLater } from "./later-door.ts";

/** The later chunk read as components by name. */
type Screens = Record<string, ComponentType<never> | undefined>;

/**
 * A screen of the later chunk, loaded the first time it renders; at once when the chunk
 * has arrived (fetched at idle, usePrefetchNextSteps.ts). A room calls it through its own
 * typed name (`LaterScreen` of its later parts), so that only its screens' names are taken.
 */
export function lazyScreen<Props>(name: string): ComponentType<Props> {
  return lazyComponent<Props>(
    () => loadLater<Screens>().then((screens) => screens[name] as ComponentType<Props>),
    () => (laterLoaded() as Screens | undefined)?.[name] as ComponentType<Props> | undefined,
  );
}

/** lazyScreen typed by a room's later screens (`Parts`: each name with its component's module type). */
export type LaterScreen<Parts> = <Name extends keyof Parts & string>(name: Name) => ComponentType<PropsOf<Parts[Name]>>;
type PropsOf<Screen> = Screen extends ComponentType<infer Props> ? Props : never;
