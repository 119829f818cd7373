import { currentRequestId } from "./request-context.ts";

/** One JSON object per line, with the request's id when written while one is handled: easy to read, easy to ship to a log store. */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  /** Something refused or failed that the operator may want to look at (a forged webhook, a gateway down). */
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export function jsonLogger(write: (line: string) => void = (line) => process.stdout.write(`${line}\n`)): Logger {
  const emit = (level: string, message: string, fields?: Record<string, unknown>) => {
    const requestId = currentRequestId();
    write(JSON.stringify({ time: new Date().toISOString(), level, msg: message, ...(requestId ? { requestId } : {}), ...fields }));
  };
  return {
    info: (message, fields) => emit("info", message, fields),
    warn: (message, fields) => emit("warn", message, fields),
    error: (message, fields) => emit("error", message, fields),
  };
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} };
