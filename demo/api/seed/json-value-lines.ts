/**
 * The line (1-based) on which each value of a JSON text starts, by its path ("" for the
 * root, "companies.0.providers.1.bookingLink" below it): a bad field in a providers file
 * is named by its line as well as its path. Expects text that JSON.parse accepted.
 */
export function jsonValueLines(text: string): Map<string, number> {
  const lines = new Map<string, number>();
  let at = 0;
  let line = 1;
  const skipSpace = () => {
    while (at < text.length && /\s/.test(text[at]!)) {
      if (text[at] === "\n") line++;
      at++;
    }
  };
  const readString = (): string => {
    const start = at;
    at++;
    while (text[at] !== '"') at += text[at] === "\\" ? 2 : 1;
    at++;
    return JSON.parse(text.slice(start, at)) as string;
  };
  const below = (path: string, key: string | number) => (path === "" ? String(key) : `${path}.${key}`);
  const readValue = (path: string): void => {
    skipSpace();
    lines.set(path, line);
    const first = text[at];
    if (first === "{" || first === "[") {
      const close = first === "{" ? "}" : "]";
      at++;
      skipSpace();
      let index = 0;
      while (text[at] !== close) {
        if (first === "{") {
          const key = readString();
          skipSpace();
          at++; // the colon
          readValue(below(path, key));
        } else readValue(below(path, index++));
        skipSpace();
        if (text[at] === ",") at++;
        skipSpace();
      }
      at++;
    } else if (first === '"') readString();
    else while (at < text.length && !/[\s,\]}]/.test(text[at]!)) at++;
  };
  readValue("");
  return lines;
}
