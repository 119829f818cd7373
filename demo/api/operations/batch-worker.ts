import type { Logger } from "../logger.ts";

/**
 * The loop of a worker that claims a batch of due rows and works them off (the outbox's
 * deliveries, the refunds): `runOnce` makes one pass (a call while one runs joins it),
 * `start` makes one every `intervalMs`, and at once again after a full batch (more may be
 * waiting); `stop` stops asking and waits for the pass under way, whose outcomes are
 * recorded. A pass that throws is logged as `<name> pass failed` and the loop goes on.
 */
export function batchWorker<Outcome extends { [Kind in keyof Outcome]: number }>(
  pass: () => Promise<Outcome>,
  { name, batchSize, logger }: { name: string; batchSize: number; logger: Logger },
) {
  let running: Promise<Outcome> | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = true;

  const runOnce = (): Promise<Outcome> => {
    running ??= pass().finally(() => {
      running = null;
    });
    return running;
  };

  const loop = (delayMs: number, intervalMs: number) => {
    if (stopped) return;
    timer = setTimeout(async () => {
      let full = false;
      try {
        const outcome = await runOnce();
        full = Object.values<number>(outcome).reduce((sum, count) => sum + count, 0) >= batchSize;
      } catch (error) {
        logger.error(`${name} pass failed`, { error: String(error) });
      }
      loop(full ? 0 : intervalMs, intervalMs);
    }, delayMs);
  };

  return {
    runOnce,
    start(intervalMs: number) {
      if (!stopped) return;
      stopped = false;
      loop(0, intervalMs);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
