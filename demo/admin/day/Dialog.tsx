import { useLingui } from "@lingui/react";
import { type ReactNode, useEffect, useId, useRef } from "react";
import { m } from "../i18n/messages.ts";

/** A modal <dialog> (focus kept inside, Escape closes), named by its heading. */
export function Dialog({ title, onClose, children }: { title: string; onClose(): void; children: ReactNode }) {
  const { _ } = useLingui();
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const dialog = ref.current;
    // Where focus was (the grid's cell): it goes back there on close (WAI-ARIA's dialog pattern).
    // The browser's own return cannot do it: React has removed the dialog before it is closed.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal?.();
    return () => {
      dialog?.close?.();
      opener?.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className="admin-dialog"
      aria-labelledby={id}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="admin-dialog__head">
        <h2 id={id}>{title}</h2>
        <button type="button" onClick={onClose}>
          {_(m.close)}
        </button>
      </div>
      {children}
    </dialog>
  );
}
