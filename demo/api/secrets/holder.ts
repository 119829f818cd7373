import type { ServerKeys } from "./server-keys.ts";

const HOLDER_CONTEXT = "slot-hold";

/**
 * Who holds a time: the keyed digest of a hold token (a visitor's, or a waitlist offer's
 * link secret); the token itself is never stored. The calendar, availability and the
 * routes all name a holder this way.
 */
export type Holder = string;
export const holderOf = (keys: ServerKeys, holdToken: string | undefined): Holder | undefined =>
  holdToken ? keys.digest(HOLDER_CONTEXT, holdToken) : undefined;
