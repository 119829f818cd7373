export const feedbackMessages = {
  ok: /*i18n*/ { id: "dialog.ok", message: "OK" },
  cancel: /*i18n*/ { id: "dialog.cancel", message: "Cancel" },
  yes: /*i18n*/ { id: "dialog.yes", message: "Yes" },
  no: /*i18n*/ { id: "dialog.no", message: "No" },
  close: /*i18n*/ { id: "snackbar.close", message: "Close" },
  notifications: /*i18n*/ { id: "snackbar.region", message: "Notifications" },
};
