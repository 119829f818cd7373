/**
 * The window property under which the script tag's loader (src/element/loader.ts) leaves
 * the first screen's stylesheet, parsed once: it carries that stylesheet (it paints with
 * it), so the widget's own script does not. A file of its own: the loader imports the
 * name without adopt-styles.ts, whose dynamic import of the stylesheet would wrap the
 * loader's copy in esbuild's lazy-module glue.
 */
export const WIDGET_SHEET = "bwWidgetSheet";
