/**
 * Intl formatters cost far more to make than to use (a calendar would make several per
 * day cell on every render, a tenth of a second on a slow phone): one per language and
 * options, made once and kept.
 */
const formats = new Map<string, Intl.DateTimeFormat | Intl.ListFormat>();

function kept<T extends Intl.DateTimeFormat | Intl.ListFormat>(kind: string, tag: string, options: object, make: () => T): T {
  const key = `${kind}|${tag}|${JSON.stringify(options)}`;
  let format = formats.get(key) as T | undefined;
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format;
}

/** The Intl.DateTimeFormat for `tag` and `options`, made once. */
export const dateFormat = (tag: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  kept("date", tag, options, () => new Intl.DateTimeFormat(tag, options));

/** The Intl.ListFormat for `tag` and `options`, made once. */
export const listFormat = (tag: string, options: Intl.ListFormatOptions): Intl.ListFormat =>
  kept("list", tag, options, () => new Intl.ListFormat(tag, options));
