/**
 * dist/serving-manifest.json (written by finish-build.ts): the widget entry's static
 * imports, which the host page hints with modulepreload.
 */
export const SERVING_MANIFEST = "serving-manifest.json";

export interface ServingManifest {
  entry: string;
  /** The entry and every module it imports statically: what the first screen needs. */
  firstScreen: string[];
  /** Modules imported lazily from those. */
  later: string[];
}
