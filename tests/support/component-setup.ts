import { configure } from "@testing-library/react";
import { beforeEach, vi } from "vitest";
import { TEST_NOW } from "./test-clock.ts";
import { TEST_SLOWNESS } from "./test-slowness.ts";

// Later screens arrive as a lazy chunk with their own catalog: on a loaded two-core CI
// machine (the whole suite running) a booking round trip can take several seconds, and
// several times that in CI's runs at other instants, which share the machine
// (TEST_SLOWNESS multiplies this wait as it does the tests' and hooks' time limits).
configure({ asyncUtilTimeout: 8000 * TEST_SLOWNESS });

// The widget's Date stands at TEST_NOW, as the in-process API's clock does; timers run
// as usual. Pinned again before each test, as a test may switch to fake timers and back.
const pinDate = () => {
  vi.useFakeTimers({ toFake: ["Date"], now: TEST_NOW });
};
pinDate();
beforeEach(pinDate);

// The component files share one window per worker (isolate: false in vite.config.ts: a
// fresh window and module graph per file cost more than half of the project's time). Each
// file starts as a fresh page would: nothing remembered, the first address, an empty body.
const shared = globalThis as typeof globalThis & { firstAddress?: string };
shared.firstAddress ??= location.href;
localStorage.clear();
sessionStorage.clear();
// A test may have followed a link to another origin: happy-dom's own setURL goes back.
(window as typeof window & { happyDOM?: { setURL(url: string): void } }).happyDOM?.setURL(shared.firstAddress);
history.replaceState(null, "", shared.firstAddress);
document.body.replaceChildren();
