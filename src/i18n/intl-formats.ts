/**
 * Intl formatters cost far more to make than to use (a calendar would make several per
 * day cell on every render, a tenth of a second on a slow phone): one per language and
 * options, made once and kept.
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const listFormats = new Map<string, Intl.ListFormat>();

const keyOf = (tag: string, options: object) => `${tag}|${JSON.stringify(options)}`;

/** The Intl.DateTimeFormat for `tag` and `options`, made once. */
export function dateFormat(tag: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = keyOf(tag, options);
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(tag, options);
    dateFormats.set(key, format);
  }
  return format;
}

/** The Intl.ListFormat for `tag` and `options`, made once. */
export function listFormat(tag: string, options: Intl.ListFormatOptions): Intl.ListFormat {
  const key = keyOf(tag, options);
  let format = listFormats.get(key);
  if (!format) {
    format = new Intl.ListFormat(tag, options);
    listFormats.set(key, format);
  }
  return format;
}
