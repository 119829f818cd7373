import { describe, expect, it, vi } from "vitest";
import { notePaintedActions, PAINTED_ACTIONS, PAINTED_CLASS, replacePaintedFirstScreen } from "../../src/app/painted-first-screen.ts";

const SCREEN = `<select><option value="es">Español</option><option value="en">English</option></select>
<input type="search"><ul><li><button>Men's haircut</button></li><li><button>Women's haircut</button></li></ul>`;

// A shadow root as the server paints it: the widget's style, then its painted root in a
// disabled fieldset; and React's own root, just committed beside it.
function paintedWidget() {
  const host = document.createElement("div");
  document.body.append(host);
  const shadow = host.attachShadow({ mode: "open" });
  shadow.innerHTML = `<style>.x{}</style><fieldset class="${PAINTED_CLASS}" disabled><div class="bw-root">${SCREEN}</div></fieldset>`;
  const root = document.createElement("div");
  root.className = "bw-root";
  root.innerHTML = SCREEN;
  shadow.append(root);
  const painted = shadow.querySelector<HTMLElement>(".bw-root")!;
  return { host, shadow, root, painted };
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
const noted = (host: Element) => (host as unknown as Record<string, unknown[]>)[PAINTED_ACTIONS];

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

  it("does again, in order and once, what the host page noted: a language chosen, text typed, a tap", async () => {
    const { host, root, painted } = paintedWidget();
    const heard: string[] = [];
    root.querySelector("select")!.addEventListener("change", (event) => heard.push(`chose ${(event.target as HTMLSelectElement).value}`));
    root.querySelector("input")!.addEventListener("input", (event) => heard.push(`typed ${(event.target as HTMLInputElement).value}`));
    root.querySelectorAll("button")[1]!.addEventListener("click", () => heard.push("tapped Women's haircut"));
    (host as unknown as Record<string, unknown>)[PAINTED_ACTIONS] = [
      { kind: "value", target: painted.querySelector("select"), value: "en" },
      { kind: "value", target: painted.querySelector("input"), value: "cut" },
      { kind: "tap", target: painted.querySelectorAll("button")[1] },
    ];
    replacePaintedFirstScreen(root);
    await nextTask();
    expect(heard).toEqual(["chose en", "typed cut", "tapped Women's haircut"]);
    expect(PAINTED_ACTIONS in host).toBe(false);
  });

  it("drops a tap on a control an earlier tap took off the screen (the step moved on)", async () => {
    const { host, root, painted } = paintedWidget();
    const list = root.querySelector("ul")!;
    const second = vi.fn();
    // The first tap moves to the next step: the list goes, the next step's button stands where it was.
    root.querySelectorAll("button")[0]!.addEventListener("click", () => {
      list.replaceWith(
        Object.assign(document.createElement("ul"), { innerHTML: "<li><button>Back</button></li><li><button>Any staff</button></li>" }),
      );
      root.querySelectorAll("button")[1]!.addEventListener("click", second);
    });
    (host as unknown as Record<string, unknown>)[PAINTED_ACTIONS] = [
      { kind: "tap", target: painted.querySelectorAll("button")[0] },
      { kind: "tap", target: painted.querySelectorAll("button")[1] },
    ];
    replacePaintedFirstScreen(root);
    await nextTask();
    expect(root.textContent).toContain("Any staff");
    expect(second).not.toHaveBeenCalled();
  });

  it("does nothing for a tap outside the painted copy", async () => {
    const { host, root } = paintedWidget();
    const clicked = vi.fn();
    root.addEventListener("click", clicked);
    (host as unknown as Record<string, unknown>)[PAINTED_ACTIONS] = [{ kind: "tap", target: root.querySelector("button") }];
    replacePaintedFirstScreen(root);
    await nextTask();
    expect(clicked).not.toHaveBeenCalled();
  });
});

describe("notePaintedActions (the host page's part)", () => {
  it("enables the painted controls once it listens", () => {
    const { host, shadow } = paintedWidget();
    expect(shadow.querySelector("fieldset")!.disabled).toBe(true);
    notePaintedActions(host);
    expect(shadow.querySelector("fieldset")!.disabled).toBe(false);
  });

  it("notes taps, a select's choice and a field's latest text, in order", () => {
    const { host, painted } = paintedWidget();
    notePaintedActions(host);
    const select = painted.querySelector("select")!;
    const search = painted.querySelector("input")!;
    const button = painted.querySelectorAll("button")[1]!;
    select.value = "en";
    select.dispatchEvent(new Event("change", { bubbles: true, composed: true }));
    for (const text of ["c", "cu", "cut"]) {
      search.value = text;
      search.dispatchEvent(new Event("input", { bubbles: true, composed: true }));
    }
    button.click();
    expect(noted(host)).toEqual([
      { kind: "value", target: select, value: "en" },
      { kind: "value", target: search, value: "cut" },
      { kind: "tap", target: button },
    ]);
  });

  it("does not follow a painted link now (the widget's own is tapped again once it has taken over), unless it opens a new tab", () => {
    const { host, painted } = paintedWidget();
    painted.insertAdjacentHTML("beforeend", '<nav><a href="https://booking.example/demo-salon/min-side"><span>My Page</span></a></nav>');
    notePaintedActions(host);
    const label = painted.querySelector("span")!;
    const tap = new MouseEvent("click", { bubbles: true, composed: true, cancelable: true });
    label.dispatchEvent(tap);
    expect(tap.defaultPrevented).toBe(true);
    expect(noted(host)).toEqual([{ kind: "tap", target: label }]);
    const newTab = new MouseEvent("click", { bubbles: true, composed: true, cancelable: true, ctrlKey: true });
    label.dispatchEvent(newTab);
    expect(newTab.defaultPrevented).toBe(false);
    expect(noted(host)).toHaveLength(1);
  });

  it("stops once the widget has taken over: its own links are followed and nothing more is noted", () => {
    const { host, painted, root } = paintedWidget();
    painted.insertAdjacentHTML("beforeend", '<a href="https://booking.example/demo-salon/min-side">My Page</a>');
    root.insertAdjacentHTML("beforeend", '<a href="https://booking.example/demo-salon/min-side">My Page</a>');
    notePaintedActions(host);
    replacePaintedFirstScreen(root);
    const tap = new MouseEvent("click", { bubbles: true, composed: true, cancelable: true });
    root.querySelector("a")!.dispatchEvent(tap);
    expect(tap.defaultPrevented).toBe(false);
    expect(noted(host)).toBeUndefined();
  });
});
