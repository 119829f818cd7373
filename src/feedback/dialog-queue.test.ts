import { describe, expect, it } from "vitest";
import { dismissDialog, emptyDialogQueue, enqueueDialog, headDialog } from "./dialog-queue.ts";

describe("dialog queue", () => {
  it("queues dialogs in order and shows the head first", () => {
    let queue = enqueueDialog(emptyDialogQueue, { text: "first", type: 0 }, 0);
    queue = enqueueDialog(queue, { text: "second", type: 2 }, 10);
    expect(queue.items.map((item) => item.text)).toEqual(["first", "second"]);
    expect(headDialog(queue)?.text).toBe("first");
    queue = dismissDialog(queue, headDialog(queue)!.id);
    expect(headDialog(queue)?.text).toBe("second");
  });

  it("ignores the same text again within 500 ms, and accepts it after", () => {
    let queue = enqueueDialog(emptyDialogQueue, { text: "Wrong password", type: 0 }, 1000);
    queue = enqueueDialog(queue, { text: "Wrong password", type: 0 }, 1499);
    expect(queue.items).toHaveLength(1);
    queue = enqueueDialog(queue, { text: "Wrong password", type: 0 }, 1500);
    expect(queue.items).toHaveLength(2);
  });

  it("accepts a different text at once", () => {
    let queue = enqueueDialog(emptyDialogQueue, { text: "a", type: 0 }, 0);
    queue = enqueueDialog(queue, { text: "b", type: 0 }, 1);
    expect(queue.items.map((item) => item.text)).toEqual(["a", "b"]);
    expect(new Set(queue.items.map((item) => item.id)).size).toBe(2);
  });
});
