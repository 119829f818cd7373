// @vitest-environment happy-dom
import { act, renderHook } from "@testing-library/react";
import { expect, it } from "vitest";
import { useBusy } from "./useBusy.ts";

it("runs one piece of work at a time, says it is busy meanwhile, and is free again after a failure", async () => {
  const { result } = renderHook(() => useBusy());
  let finish: () => void = () => {};
  let runs = 0;
  const work = () =>
    new Promise<void>((resolve) => {
      runs++;
      finish = resolve;
    });
  let first: Promise<void> = Promise.resolve();
  await act(async () => {
    first = result.current.guarded(work);
    // A second press before any re-render: nothing.
    await result.current.guarded(work);
  });
  expect(runs).toBe(1);
  expect(result.current.busy).toBe(true);
  await act(async () => {
    finish();
    await first;
  });
  expect(result.current.busy).toBe(false);
  await act(async () => {
    await expect(result.current.guarded(() => Promise.reject(new Error("refused")))).rejects.toThrow("refused");
  });
  expect(result.current.busy).toBe(false);
  await act(async () => {
    const again = result.current.guarded(work);
    finish();
    await again;
  });
  expect(runs).toBe(2);
});
