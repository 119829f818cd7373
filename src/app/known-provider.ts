import * as v from "valibot";
import { readStored, writeStored } from "./browser-storage.ts";

/**
 * What an earlier visit learnt about a booking link: the provider's id and language.
 * A returning visitor's widget starts the services call and the language catalog with
 * it, beside the provider call, instead of after its answer. A wrong guess (the link
 * now names another provider) costs one unused request: the screens still follow the
 * provider's answer.
 */
const KnownProvider = v.object({
  userId: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2 ** 31 - 1)),
  language: v.nullable(v.pipe(v.string(), v.maxLength(35))),
});
export type KnownProvider = v.InferOutput<typeof KnownProvider>;

// Per API as well as per link: two sites' "demo-salon" are two providers.
const key = (apiBase: string, bookingLink: string) => `booking-widget:provider:${apiBase}|${bookingLink}`;

export const readKnownProvider = (apiBase: string, bookingLink: string, storage?: Storage): KnownProvider | undefined =>
  readStored(key(apiBase, bookingLink), KnownProvider, storage);

export const rememberProvider = (apiBase: string, bookingLink: string, { userId, language }: KnownProvider, storage?: Storage): void =>
  writeStored(key(apiBase, bookingLink), { userId, language }, storage);
