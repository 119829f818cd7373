export const chooserMessages = {
  title: /*i18n*/ { id: "chooser.title", message: "Choose a place" },
  choose: /*i18n*/ { id: "chooser.choose", message: "Choose" },
  chooseNamed: /*i18n*/ { id: "chooser.chooseNamed", message: "Choose {name}" },
  companyNotFound: /*i18n*/ {
    id: "shell.companyNotFound",
    message: "We could not find the company “{name}”. Check the address and try again.",
  },
  noPages: /*i18n*/ { id: "chooser.empty", message: "This company has no booking pages yet." },
};
