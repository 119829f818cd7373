import type { Http } from "./http.ts";
import { routes } from "../contract/routes.ts";
import { SeriesPreview, type SeriesPreviewRequest } from "../contract/schemas/series.ts";

/** Series, our extension of the API (issue 42). */
export function createSeriesCalls(http: Http) {
  return {
    /** POST Appointment/series: how each occurrence of a wished series stands. */
    preview: (request: SeriesPreviewRequest) => http.request(SeriesPreview, routes.seriesPreview(), { method: "POST", body: request }),
  };
}

export type SeriesCalls = ReturnType<typeof createSeriesCalls>;
