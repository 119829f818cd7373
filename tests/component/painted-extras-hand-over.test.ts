import { describe, expect, it } from "vitest";
import { notePaintedActions, PAINTED_ACTIONS, PAINTED_CLASS, replacePaintedFirstScreen } from "../../src/app/painted-first-screen.ts";
import { paintedExtrasOutcome } from "../../src/app/painted-extras-hand-over.ts";

// A painted service row with its extras dialog, as the server paints it (ServiceRow and
// ExtrasDialogView), and the widget's row, whose tap opens the widget's own dialog as
// ExtrasDialog does (rendered, then showModal), once its code is "in" (`later`).
const DIALOG = `<form method="dialog"><h2>Add extras to Women's haircut?</h2><fieldset>
<label><input type="checkbox"><span>Wash</span></label><label><input type="checkbox"><span>Conditioning</span></label></fieldset>
<div><button type="submit" value="cancel">Cancel</button><button type="submit" value="choose">Choose</button></div></form>`;
const ROW = `<ul><li class="bw-service"><button class="bw-service__button"><span>Women's haircut</span></button><div>60 min</div>`;

function paintedWidget({ later = Promise.resolve() } = {}) {
  const host = document.createElement("div");
  document.body.append(host);
  const shadow = host.attachShadow({ mode: "open" });
  shadow.innerHTML = `<fieldset class="${PAINTED_CLASS}" disabled><div class="bw-root">${ROW}<dialog class="bw-dialog bw-extras">${DIALOG}</dialog></li></ul></div></fieldset>`;
  const root = document.createElement("div");
  root.className = "bw-root";
  root.innerHTML = `${ROW}</li></ul>`;
  shadow.append(root);
  const heard: string[] = [];
  root.querySelector("button")!.addEventListener("click", () => {
    void later.then(() => {
      const dialog = document.createElement("dialog");
      dialog.className = "bw-dialog bw-extras";
      dialog.innerHTML = DIALOG.replaceAll('type="submit"', 'type="button"');
      for (const box of dialog.querySelectorAll("input")) {
        box.addEventListener("click", () => heard.push(`ticked ${box.parentElement!.textContent}`));
      }
      for (const button of dialog.querySelectorAll("button")) {
        button.addEventListener("click", () => {
          heard.push(`${button.value} with ${[...dialog.querySelectorAll("input")].filter((box) => box.checked).length} extras`);
          dialog.remove();
        });
      }
      root.append(dialog);
      dialog.showModal();
    });
  });
  const painted = shadow.querySelector<HTMLElement>(".bw-root")!;
  const paintedDialog = painted.querySelector("dialog")!;
  notePaintedActions(host);
  return { host, shadow, root, painted, paintedDialog, heard };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("a painted extras dialog handed over to the widget's", () => {
  it("opens at the tap on the painted row, before the widget has come, and notes the tap", () => {
    const { host, painted, paintedDialog } = paintedWidget();
    painted.querySelector("span")!.click();
    expect(paintedDialog.open).toBe(true);
    expect(painted.querySelector("li")!.classList.contains("bw-service--selected")).toBe(true);
    expect((host as unknown as Record<string, unknown[]>)[PAINTED_ACTIONS]).toHaveLength(1);
  });

  it("left open: stays on screen until the widget's own is open, which gets its ticks and focus; then the painted copy goes", async () => {
    let arrive = () => {};
    const later = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    const { shadow, root, painted, paintedDialog, heard } = paintedWidget({ later });
    painted.querySelector("span")!.click();
    const [, conditioning] = paintedDialog.querySelectorAll("input");
    conditioning!.click();
    conditioning!.focus();
    replacePaintedFirstScreen(root);
    await settle();
    // The widget's dialog is not there yet: the painted one stays, the rest of the copy hidden.
    expect(paintedDialog.isConnected && paintedDialog.open).toBe(true);
    expect(painted.style.visibility).toBe("hidden");
    arrive();
    await settle();
    const dialog = root.querySelector("dialog")!;
    expect(dialog.open).toBe(true);
    expect(heard).toEqual(["ticked Conditioning"]);
    expect(shadow.activeElement).toBe(dialog.querySelectorAll("input")[1]);
    expect([...shadow.childNodes]).toEqual([root]);
    dialog.querySelectorAll("input")[1]!.blur();
  });

  it("closed with Choose before the take-over: the widget's dialog is chosen with the same ticks", async () => {
    const { root, painted, paintedDialog, heard } = paintedWidget();
    painted.querySelector("span")!.click();
    paintedDialog.querySelectorAll("input")[0]!.click();
    const choose = paintedDialog.querySelector<HTMLButtonElement>('button[value="choose"]')!;
    choose.click();
    paintedDialog.close("choose");
    replacePaintedFirstScreen(root);
    await settle();
    expect(heard).toEqual(["ticked Wash", "choose with 1 extras"]);
    expect(root.querySelector("dialog")).toBeNull();
  });

  it("closed with Escape (no button tapped): the widget's dialog is cancelled", async () => {
    const { root, painted, paintedDialog, heard } = paintedWidget();
    painted.querySelector("span")!.click();
    paintedDialog.close();
    replacePaintedFirstScreen(root);
    await settle();
    expect(heard).toEqual(["cancel with 0 extras"]);
  });

  it("closed after the take-over, while the widget's dialog was on its way: closed as the visitor closed it", async () => {
    let arrive = () => {};
    const later = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    const { root, painted, paintedDialog, heard } = paintedWidget({ later });
    painted.querySelector("span")!.click();
    replacePaintedFirstScreen(root);
    await settle();
    paintedDialog.close("choose");
    arrive();
    await settle();
    expect(heard).toEqual(["choose with 0 extras"]);
  });
});

describe("paintedExtrasOutcome", () => {
  it("reads the last button tapped in the dialog after the tap that opened it, up to the first tap elsewhere", () => {
    const dialog = document.createElement("dialog");
    dialog.innerHTML = DIALOG;
    document.body.append(dialog);
    const [cancel, choose] = dialog.querySelectorAll("button");
    const box = dialog.querySelector("input")!;
    const elsewhere = document.createElement("button");
    expect(paintedExtrasOutcome(dialog, [box, choose!])).toBe("choose");
    expect(paintedExtrasOutcome(dialog, [choose!, cancel!])).toBe("cancel");
    expect(paintedExtrasOutcome(dialog, [box])).toBe("cancel");
    expect(paintedExtrasOutcome(dialog, [elsewhere, choose!])).toBe("cancel");
    dialog.showModal();
    expect(paintedExtrasOutcome(dialog, [choose!])).toBe("open");
  });
});
