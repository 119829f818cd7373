import type { ComponentProps, ComponentType } from "react";
import { lazyComponent } from "./lazy-component.ts";
import { type LaterModule, laterLoaded, loadLater } from "./later-door.ts";

/** The exports of the later chunk that are components. */
type ScreenName = Exclude<
  keyof LaterModule,
  "forgetSavedToken" | "startBookingProgress" | "watchNextSteps" | "preselectOnLoad" | "answerInPreview"
>;

/**
 * A screen of the later chunk, loaded the first time it renders; at once when the chunk
 * has arrived (fetched at idle, usePrefetchNextSteps.ts).
 */
export function lazyScreen<K extends ScreenName>(name: K) {
  type Props = ComponentProps<LaterModule[K]>;
  return lazyComponent<Props>(
    () => loadLater().then((screens) => screens[name] as ComponentType<Props>),
    () => laterLoaded()?.[name] as ComponentType<Props> | undefined,
  );
}
