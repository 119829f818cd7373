import { describe, expect, it, vi } from "vitest";
import { PAINTED_TAP, replacePaintedFirstScreen } from "../../src/app/painted-first-screen.ts";

// A shadow root as the server paints it: the widget's style, then its painted root; and
// React's own root, just committed beside it.
function paintedWidget() {
  const host = document.createElement("div");
  document.body.append(host);
  const shadow = host.attachShadow({ mode: "open" });
  shadow.innerHTML = `<style>.x{}</style><div class="bw-root"><ul><li><button>Men's haircut</button></li><li><button>Women's haircut</button></li></ul></div>`;
  const root = document.createElement("div");
  root.className = "bw-root";
  root.innerHTML = `<ul><li><button>Men's haircut</button></li><li><button>Women's haircut</button></li></ul>`;
  shadow.append(root);
  const painted = shadow.querySelector<HTMLElement>(".bw-root")!;
  return { host, shadow, root, painted };
}

describe("replacePaintedFirstScreen", () => {
  it("leaves React's root alone in the shadow root", () => {
    const { shadow, root } = paintedWidget();
    replacePaintedFirstScreen(root);
    expect([...shadow.childNodes]).toEqual([root]);
  });

  it("moves keyboard focus to the same control in React's tree", () => {
    const { shadow, root, painted } = paintedWidget();
    painted.querySelectorAll("button")[1]!.focus();
    replacePaintedFirstScreen(root);
    expect(shadow.activeElement).toBe(root.querySelectorAll("button")[1]);
    root.querySelectorAll("button")[1]!.blur();
  });

  it("replays a tap the host page noted on a painted control, once", async () => {
    const { host, root, painted } = paintedWidget();
    const clicked = vi.fn();
    root.querySelectorAll("button")[1]!.addEventListener("click", clicked);
    (host as unknown as Record<string, unknown>)[PAINTED_TAP] = painted.querySelectorAll("button")[1];
    replacePaintedFirstScreen(root);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(PAINTED_TAP in host).toBe(false);
  });

  it("replays nothing for a tap outside the painted copy", async () => {
    const { host, root } = paintedWidget();
    const clicked = vi.fn();
    root.addEventListener("click", clicked);
    (host as unknown as Record<string, unknown>)[PAINTED_TAP] = root.querySelector("button");
    replacePaintedFirstScreen(root);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(clicked).not.toHaveBeenCalled();
  });
});
