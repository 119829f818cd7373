import { useLingui } from "@lingui/react";
import type { Words } from "../api/refusal-words.ts";

/** A form's outcome in words: an error is an alert (read at once), a note is polite. */
export function FormAlert({ words, kind = "error" }: { words: Words | null; kind?: "error" | "note" }) {
  const { _ } = useLingui();
  return (
    <p className={`admin-alert admin-alert--${kind}`} role={kind === "error" ? "alert" : "status"}>
      {words ? _({ ...words.descriptor, ...(words.values ? { values: words.values } : {}) }) : ""}
    </p>
  );
}
