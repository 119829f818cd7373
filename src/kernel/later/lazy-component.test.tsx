import { act, Suspense, useState } from "react";
import { createRoot, type Root } from "react-dom/client";
import { flushSync } from "react-dom";
import { afterEach, describe, expect, it } from "vitest";
import { lazyComponent } from "./lazy-component.ts";

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

let root: Root | undefined;
let host: HTMLElement;
afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
});

let mounts = 0;
/** Counts its mounts. */
function Counter() {
  const [count] = useState(() => ++mounts);
  return <p>mount {count}</p>;
}

/** Renders `node` under a Suspense boundary in one synchronous commit, as a tap's update is; answers what shows. */
function renderNow(node: React.ReactNode): string {
  host = document.createElement("div");
  document.body.append(host);
  root = createRoot(host);
  flushSync(() => root!.render(<Suspense fallback={<p>Loading</p>}>{node}</Suspense>));
  return host.textContent ?? "";
}

describe("lazyComponent", () => {
  it("renders in the same commit when its code has arrived: no fallback first", () => {
    const Shown = lazyComponent(
      () => Promise.resolve(Greeting),
      () => Greeting,
    );
    expect(renderNow(<Shown name="Ada" />)).toBe("Hello Ada");
  });

  it("shows the fallback while its code is on the way, then the component", async () => {
    let arrive: (component: typeof Greeting) => void = () => undefined;
    let arrived: typeof Greeting | undefined;
    const Shown = lazyComponent(
      () =>
        new Promise<typeof Greeting>((done) => {
          arrive = (component) => {
            arrived = component;
            done(component);
          };
        }),
      () => arrived,
    );
    expect(renderNow(<Shown name="Ada" />)).toBe("Loading");
    await act(async () => arrive(Greeting));
    expect(host.textContent).toBe("Hello Ada");
  });

  it("keeps the state of a screen it mounted lazily once the code has arrived (no remount)", async () => {
    let arrive: () => void = () => undefined;
    let arrived = false;
    const Shown = lazyComponent(
      () =>
        new Promise<typeof Counter>((done) => {
          arrive = () => {
            arrived = true;
            done(Counter);
          };
        }),
      () => (arrived ? Counter : undefined),
    );
    renderNow(<Shown />);
    await act(async () => arrive());
    expect(host.textContent).toBe("mount 1");
    await act(async () =>
      root!.render(
        <Suspense fallback={<p>Loading</p>}>
          <Shown />
        </Suspense>,
      ),
    );
    expect(host.textContent).toBe("mount 1");
    expect(mounts).toBe(1);
    mounts = 0;
  });
});
