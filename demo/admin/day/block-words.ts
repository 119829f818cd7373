import type { I18n } from "@lingui/core";
import { m } from "../i18n/messages.ts";
import type { Block } from "./day-view.ts";

/** What a block is, in words: "Kari Nordmann, awaiting payment, 3 of 8 places", "break" … */
export function blockWords(block: Block, i18n: I18n): string {
  const say = (descriptor: { id: string; message: string }, values?: Record<string, unknown>) =>
    i18n._(descriptor.id, values, { message: descriptor.message });
  if (block.kind !== "appointment") return say(m[block.kind]);
  const state = say(m[block.state ?? "booked"]);
  const words = block.title ? say(m.appointmentWhat, { title: block.title, state }) : state;
  return block.places ? `${words}, ${say(m.places, block.places)}` : words;
}
