import { act, Suspense, useState } from "react";
import { createRoot, type Root } from "react-dom/client";
import { flushSync } from "react-dom";
import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { WidgetContext, type WidgetServices } from "../widget-context.ts";
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

describe("lazyComponent, when its code cannot be fetched (offline)", () => {
  it("says the service cannot be reached, in the screen's place, and Try again fetches the code anew", async () => {
    let online = false;
    let arrived: typeof Greeting | undefined;
    const load = vi.fn(() => {
      if (!online) return Promise.reject(new TypeError("Failed to fetch dynamically imported module"));
      arrived = Greeting;
      return Promise.resolve(Greeting);
    });
    const Shown = lazyComponent(load, () => arrived);
    const emitted: unknown[] = [];
    const widget = {
      emit: (_name: string, detail: unknown) => {
        emitted.push(detail);
      },
    } as unknown as WidgetServices;
    host = document.createElement("div");
    document.body.append(host);
    root = createRoot(host);
    const i18n = setupI18n({ locale: "en", messages: { en: {} } });
    const tree = (
      <I18nProvider i18n={i18n}>
        <WidgetContext.Provider value={widget}>
          <p>The stepper stays</p>
          <Suspense fallback={<p>Loading</p>}>
            <Shown name="Ada" />
          </Suspense>
        </WidgetContext.Provider>
      </I18nProvider>
    );
    await act(async () => root!.render(tree));
    expect(host.querySelector('[role="alert"]')?.textContent).toBe(
      "We could not reach the booking service. Check your connection and try again.Try again",
    );
    expect(host.textContent).toContain("The stepper stays");
    expect(emitted).toEqual([{ code: "unreachable" }]);

    // Still offline: told again.
    await act(async () => host.querySelector("button")!.click());
    expect(host.querySelector('[role="alert"]')).not.toBeNull();
    expect(emitted).toHaveLength(2);
    online = true;
    await act(async () => host.querySelector("button")!.click());
    expect(host.textContent).toBe("The stepper staysHello Ada");
    expect(load).toHaveBeenCalledTimes(3);

    // A screen mounted afterwards takes the code that has arrived.
    await act(async () => root!.render(<Suspense fallback={<p>Loading</p>}>{tree}</Suspense>));
    expect(host.textContent).toBe("The stepper staysHello Ada");
  });
});
