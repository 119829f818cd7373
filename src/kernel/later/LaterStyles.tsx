import { adoptStyles } from "../../styles/adopt-styles.ts";
import { laterCss } from "../../styles/later-css.ts";

/**
 * Adopts the later screens' stylesheet into this widget's shadow root when a later
 * chunk first renders: the first screen does not download or parse it.
 */
export function LaterStyles() {
  return (
    <span
      hidden
      ref={(node) => {
        if (node) adoptStyles(node.getRootNode(), laterCss);
      }}
    />
  );
}
