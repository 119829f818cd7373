import { am } from "../i18n/area-messages.ts";
import { AdminRefusal, AdminUnreachable } from "./admin-client.ts";
import { refusalWords, type Words } from "./refusal-words.ts";

/** What a failed passkey step says: the API's refusal in words, else the browser's passkey was not given (cancelled, none, timed out). */
export const passkeyWords = (error: unknown): Words =>
  error instanceof AdminRefusal || error instanceof AdminUnreachable ? refusalWords(error) : { descriptor: am.passkeyCancelled };
