/**
 * The words of provider-written HTML as plain text, lines kept: shown invisibly in the
 * place of the sanitized HTML until DOMPurify has loaded, so that the space is reserved
 * and nothing below it jumps when the real text appears. Rendered as text, never as
 * HTML, so it needs no sanitizing.
 */
export function reservedText(html: string): string {
  return html
    .replace(/<(br|\/p|\/div|\/li|\/h[1-6])\b[^>]*>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" })[name]!)
    .replace(/[ \t]+/g, " ")
    .replace(/ ?\n[\s]*/g, "\n")
    .trim();
}
