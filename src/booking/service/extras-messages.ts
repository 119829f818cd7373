// In the later catalog (lingui.config.ts): the dialog is part of the later chunk.
export const extrasMessages = {
  title: /*i18n*/ { id: "extras.title", message: "Add extras to {service}?" },
  legend: /*i18n*/ { id: "extras.legend", message: "Extra services" },
  cancel: /*i18n*/ { id: "extras.cancel", message: "Cancel" },
  choose: /*i18n*/ { id: "extras.choose", message: "Choose" },
};
