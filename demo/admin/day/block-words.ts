import type { I18n } from "@lingui/core";
import { m } from "../i18n/messages.ts";
import type { Block } from "./day-view.ts";

/** What a block is, in words: "Kari Nordmann, awaiting payment, 3 of 8 places", "break" … */
export function blockWords(block: Block, i18n: I18n): string {
  if (block.kind !== "appointment") return i18n._(m[block.kind]);
  const state = i18n._(m[block.state ?? "booked"]);
  const words = block.title ? i18n._({ ...m.appointmentWhat, values: { title: block.title, state } }) : state;
  return block.places ? `${words}, ${i18n._({ ...m.places, values: block.places })}` : words;
}
