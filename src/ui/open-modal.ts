/**
 * Opens a native <dialog> as a modal (top layer, focus trapped, Escape → cancel) inside
 * the shadow root; where showModal is missing it is at least shown.
 */
export function openModal(dialog: HTMLDialogElement | null): void {
  if (!dialog || dialog.open) return;
  if (typeof dialog.showModal === "function") dialog.showModal();
  else dialog.setAttribute("open", "");
}
