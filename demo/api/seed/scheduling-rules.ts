import * as v from "valibot";

/**
 * The providers file's scheduling rules (issue 42), checked before anything is written;
 * the rules themselves are the availability engine's (demo/api/availability/engine.ts).
 * Names are kept as they are, so that a file written for one version keeps working:
 * services `bufferBeforeMinutes`, `bufferAfterMinutes`, `minimumNoticeMinutes`; pages
 * `minimumNoticeMinutes`; staff members `breaks` and `pauses`.
 */
const Time = v.pipe(v.string(), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be HH:mm"));
const Day = v.pipe(v.string(), v.regex(/^(today([+-]\d+)?|\d{4}-\d{2}-\d{2})$/, 'must be "today", "today+N" or YYYY-MM-DD'));

/** Minutes a service keeps its staff member before or after it: 0 to 4 hours. */
export const BufferMinutes = v.pipe(
  v.number(),
  v.integer("must be whole minutes"),
  v.minValue(0, "must be 0 to 240"),
  v.maxValue(240, "must be 0 to 240"),
);
/** Minutes of notice a booking needs; never longer than the page's booking window (noticeWithinWindow). */
export const NoticeMinutes = v.pipe(v.number(), v.integer("must be whole minutes"), v.minValue(0, "must be 0 or more"));

/** Customers one staff member takes at one time: 1 (one-to-one) to 100 (a class). */
export const Capacity = v.pipe(
  v.number(),
  v.integer("must be a whole number"),
  v.minValue(1, "must be 1 to 100"),
  v.maxValue(100, "must be 1 to 100"),
);

/** A weekly series: the weeks apart it offers (1 to 4, each once), and how many times at most (2 to 12). */
export const Series = v.pipe(
  v.strictObject({
    everyWeeks: v.pipe(
      v.array(v.pipe(v.number(), v.integer(), v.minValue(1, "must be 1 to 4"), v.maxValue(4, "must be 1 to 4"))),
      v.minLength(1, "must name at least one"),
      v.check((weeks) => new Set(weeks).size === weeks.length, "must name each only once"),
    ),
    maxOccurrences: v.pipe(v.number(), v.integer(), v.minValue(2, "must be 2 to 12"), v.maxValue(12, "must be 2 to 12")),
  }),
);

/** A weekly break (a lunch): dayOfWeek 0 = Sunday, wall-clock in the page's zone. */
export const StaffBreak = v.pipe(
  v.strictObject({
    dayOfWeek: v.pipe(v.number(), v.integer(), v.minValue(0, "must be 0 to 6"), v.maxValue(6, "must be 0 to 6")),
    start: Time,
    end: Time,
  }),
  v.forward(
    v.check((span) => span.end > span.start, "must be after start"),
    ["end"],
  ),
);
/** A one-off pause on a date ("today+3" works, as for vacations). */
export const StaffPause = v.pipe(
  v.strictObject({ date: Day, start: Time, end: Time }),
  v.forward(
    v.check((span) => span.end > span.start, "must be after start"),
    ["end"],
  ),
);

const DEFAULT_WINDOW_DAYS = 60;
type PageRules = {
  maxDaysInAdvanceForBooking?: number | undefined;
  minimumNoticeMinutes?: number | undefined;
  categories: { services: { minimumNoticeMinutes?: number | undefined }[] }[];
};

/**
 * A notice longer than the page's booking window would leave nothing to book: refused,
 * at the page's field or the service's.
 */
export const noticeWithinWindow = <Page extends PageRules>() =>
  v.rawCheck<Page>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const page = dataset.value;
    const windowMinutes = (page.maxDaysInAdvanceForBooking ?? DEFAULT_WINDOW_DAYS) * 24 * 60;
    const message = `is longer than the booking window (maxDaysInAdvanceForBooking: ${windowMinutes / 1440} days = ${windowMinutes} minutes)`;
    const key = (input: unknown, name: string | number, value: unknown) =>
      typeof name === "number"
        ? ({ type: "array", origin: "value", input: input as unknown[], key: name, value } as const)
        : ({ type: "object", origin: "value", input: input as Record<string, unknown>, key: name, value } as const);
    if ((page.minimumNoticeMinutes ?? 0) > windowMinutes) {
      addIssue({ message, path: [key(page, "minimumNoticeMinutes", page.minimumNoticeMinutes)] });
    }
    for (const [c, category] of page.categories.entries()) {
      for (const [s, service] of category.services.entries()) {
        if ((service.minimumNoticeMinutes ?? 0) <= windowMinutes) continue;
        addIssue({
          message,
          path: [
            key(page, "categories", page.categories),
            key(page.categories, c, category),
            key(category, "services", category.services),
            key(category.services, s, service),
            key(service, "minimumNoticeMinutes", service.minimumNoticeMinutes),
          ],
        });
      }
    }
  });
