import { escapeHtml } from "../html-escape.ts";
import type { MessageLanguage } from "./message-texts.ts";

const LINK = /https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)]/g;

/**
 * An e-mail's HTML part: the plain text, escaped, a paragraph per line, its links
 * clickable, in a document that names its language (screen readers read it so).
 */
export function messageHtml(subject: string, body: string, language: MessageLanguage): string {
  const paragraphs = body
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => {
      let html = "";
      let at = 0;
      for (const match of line.matchAll(LINK)) {
        html += escapeHtml(line.slice(at, match.index));
        const url = escapeHtml(match[0]);
        html += `<a href="${url}">${url}</a>`;
        at = match.index + match[0].length;
      }
      return `<p>${html}${escapeHtml(line.slice(at))}</p>`;
    });
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body>${paragraphs.join("")}</body></html>`;
}
