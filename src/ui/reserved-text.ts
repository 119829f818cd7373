/**
 * The words of provider-written HTML as plain text, line breaks kept: shown invisibly
 * (white-space: pre-line) in the place of the sanitized HTML until DOMPurify has loaded,
 * so that the space is reserved and nothing below it jumps when the real text appears.
 * Rendered as text, never as HTML, so it needs no sanitizing; entities stay as written
 * (near enough for holding a place).
 */
export const reservedText = (html: string): string =>
  html
    .replace(/<(br|\/p|\/div|\/li|\/h\d)\b[^>]*>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .trim();
