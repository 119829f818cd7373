import { useLingui } from "@lingui/react";
import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { useLaterMessages } from "../kernel/later/useLaterMessages.ts";
import { useWidget } from "../kernel/widget-context.ts";
import { type FeedbackServices, useFeedback } from "./feedback-context.ts";
import { LaterStyles } from "../kernel/later/LaterStyles.tsx";
import { openModal } from "../ui/open-modal.ts";
import { deepActiveElement } from "../ui/focus.ts";
import { ACTIVATION_DELAY_MS, headDialog, SNACKBAR_MS, type QueuedDialog } from "./dialog-queue.ts";
import type { Snackbar } from "./feedback-store.ts";
import { feedbackMessages as m } from "./messages.ts";
import { DialogType } from "../contract/enumerations.ts";

/** Lazy chunk: the head of the dialog queue as a native modal <dialog>, and the snackbars. */
export default function FeedbackLayer() {
  const ready = useLaterMessages();
  const head = useFeedback((state) => headDialog(state.dialogs));
  const snackbars = useFeedback((state) => state.snackbars);
  return (
    <>
      <LaterStyles />
      {ready && head && <DialogView key={head.id} dialog={head} />}
      {ready && snackbars.length > 0 && <Snackbars snackbars={snackbars} />}
    </>
  );
}

function DialogView({ dialog }: { dialog: QueuedDialog }) {
  const { _ } = useLingui();
  const { feedback, report } = useWidget<FeedbackServices>();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  const [active, setActive] = useState(false);
  const [locked, setLocked] = useState(Boolean(dialog.actionButtonDelay));
  const [busy, setBusy] = useState(false);

  // Spec §4 "Dialog queue": active 100 ms after it reaches the head of the queue. It
  // opens in the same commit that enables its buttons: never shown with dead buttons.
  useEffect(() => {
    const timer = setTimeout(() => setActive(true), ACTIVATION_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  // Focus goes back to what had it when the dialog opened (what opened it), or, when the
  // dialog's answer replaced that, to where the new screen starts.
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (!active || !ref.current) return;
    opener.current = deepActiveElement(ref.current);
    openModal(ref.current);
  }, [active]);
  useEffect(() => {
    if (!active || !dialog.actionButtonDelay) return;
    const timer = setTimeout(() => setLocked(false), dialog.actionButtonDelay * 1000);
    return () => clearTimeout(timer);
  }, [active, dialog.actionButtonDelay]);

  const close = () => {
    ref.current?.close?.();
    returnFocus(opener.current, ref.current);
    feedback.getState().closeDialog(dialog.id);
  };
  const confirm = async () => {
    setBusy(true);
    try {
      await dialog.action?.();
    } catch (error) {
      report(error, "dialog action failed");
    }
    if (dialog.setBusyToFalseAfter) setBusy(false);
    else close();
  };
  const cancel = () => {
    close();
    try {
      dialog.cancelAction?.();
    } catch (error) {
      report(error, "dialog cancel action failed");
    }
  };

  const disabled = !active || locked || busy;
  const [confirmLabel, cancelLabel] =
    dialog.type === DialogType.Message
      ? [dialog.actionLabel ?? _(m.ok), null]
      : dialog.type === DialogType.Choice
        ? [dialog.actionLabel ?? _(m.ok), _(m.cancel)]
        : [_(m.yes), _(m.no)];
  return (
    <dialog
      ref={ref}
      className={`bw-dialog bw-dialog--${dialog.icon ?? "info"}`}
      part="dialog"
      aria-labelledby={dialog.header ? titleId : textId}
      aria-describedby={dialog.header ? textId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) dialog.type === DialogType.Message ? close() : cancel();
      }}
    >
      {dialog.header && (
        <h2 id={titleId} className="bw-dialog__title">
          {dialog.header}
        </h2>
      )}
      <p id={textId} className="bw-dialog__text">
        {dialog.text}
      </p>
      <div className="bw-dialog__actions">
        {cancelLabel && (
          <button type="button" className="bw-button bw-button--secondary" disabled={disabled} onClick={cancel}>
            {cancelLabel}
          </button>
        )}
        <button type="button" className="bw-button" disabled={disabled} aria-busy={busy || undefined} onClick={() => void confirm()}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}

function returnFocus(opener: HTMLElement | null, dialog: HTMLDialogElement | null) {
  if (opener?.isConnected && opener !== opener.ownerDocument.body) return opener.focus();
  const root = dialog?.getRootNode() as Document | ShadowRoot | undefined;
  (root?.querySelector<HTMLElement>("[data-autofocus]") ?? root?.querySelector<HTMLElement>("#bw-step-title"))?.focus();
}

function Snackbars({ snackbars }: { snackbars: readonly Snackbar[] }) {
  const { _ } = useLingui();
  const ref = useRef<HTMLDivElement>(null);
  // A manual popover sits in the top layer: top right of the viewport even though the
  // widget's container query box would otherwise contain fixed positioning.
  useEffect(() => {
    const element = ref.current as (HTMLDivElement & { showPopover?: () => void }) | null;
    if (element?.showPopover && !element.matches(":popover-open")) element.showPopover();
  }, []);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a popover div; a landmark named Notifications
    <div ref={ref} className="bw-snackbars" part="snackbars" popover="manual" role="region" aria-label={_(m.notifications)}>
      {snackbars.map((snackbar) => (
        <SnackbarView key={snackbar.id} snackbar={snackbar} />
      ))}
    </div>
  );
}

function SnackbarView({ snackbar }: { snackbar: Snackbar }) {
  const { _ } = useLingui();
  const { feedback } = useWidget<FeedbackServices>();
  const close = () => feedback.getState().closeSnackbar(snackbar.id);
  // WCAG 2.2.1: a pointer over the snackbar or focus in it holds it; it then stays its
  // whole time again from when it is let go.
  const [held, setHeld] = useState({ pointer: false, focus: false });
  const holding = held.pointer || held.focus;
  useEffect(() => {
    if (holding) return;
    const timer = setTimeout(() => feedback.getState().closeSnackbar(snackbar.id), SNACKBAR_MS);
    return () => clearTimeout(timer);
  }, [feedback, snackbar.id, holding]);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: pointer and focus only hold the snackbar (WCAG 2.2.1); it is no control
    <div
      className={`bw-snackbar bw-snackbar--${snackbar.colour}`}
      role={snackbar.colour === "error" ? "alert" : "status"}
      part={`snackbar snackbar-${snackbar.colour}`}
      onMouseEnter={() => setHeld((h) => ({ ...h, pointer: true }))}
      onMouseLeave={() => setHeld((h) => ({ ...h, pointer: false }))}
      onFocus={() => setHeld((h) => ({ ...h, focus: true }))}
      onBlur={() => setHeld((h) => ({ ...h, focus: false }))}
    >
      {snackbar.loading && <span className="bw-spinner" aria-hidden="true" />}
      <span className="bw-snackbar__message">{snackbar.message}</span>
      <button type="button" className="bw-snackbar__close" aria-label={_(m.close)} onClick={close}>
        ×
      </button>
    </div>
  );
}
