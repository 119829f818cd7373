import { configure } from "@testing-library/react";
import { beforeEach, vi } from "vitest";
import { TEST_NOW } from "./test-clock.ts";

// Later screens arrive as a lazy chunk with their own catalog: on a loaded two-core CI
// machine (the whole suite running) a booking round trip can take several seconds.
configure({ asyncUtilTimeout: 8000 });

// The widget's Date stands at TEST_NOW, as the in-process API's clock does; timers run
// as usual. Pinned again before each test, as a test may switch to fake timers and back.
const pinDate = () => {
  vi.useFakeTimers({ toFake: ["Date"], now: TEST_NOW });
};
pinDate();
beforeEach(pinDate);
