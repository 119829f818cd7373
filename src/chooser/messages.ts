export const chooserMessages = {
  title: /*i18n*/ { id: "chooser.title", message: "Choose a place" },
  choose: /*i18n*/ { id: "chooser.choose", message: "Choose" },
  chooseNamed: /*i18n*/ { id: "chooser.chooseNamed", message: "Choose {name}" },
  noPages: /*i18n*/ { id: "chooser.empty", message: "This company has no booking pages yet." },
};
