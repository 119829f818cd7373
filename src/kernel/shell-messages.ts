// Message descriptors of the shell; /*i18n*/ marks them for `lingui extract`.
export const shellMessages = {
  loading: /*i18n*/ { id: "shell.loading", message: "Loading…" },
  retry: /*i18n*/ { id: "shell.retry", message: "Try again" },
  missingCompany: /*i18n*/ {
    id: "shell.missingCompany",
    message: "This booking widget is not set up: it needs a company attribute.",
  },
  unknownView: /*i18n*/ { id: "shell.unknownView", message: "This booking widget was given an unknown view." },
  bookingPageNotFound: /*i18n*/ {
    id: "shell.bookingPageNotFound",
    message: "We could not find the booking page “{name}”. Check the address and try again.",
  },
  unreachable: /*i18n*/ {
    id: "shell.unreachable",
    message: "We could not reach the booking service. Check your connection and try again.",
  },
  malformed: /*i18n*/ {
    id: "shell.malformed",
    message: "The booking service sent an answer we could not read. Please try again later.",
  },
  failed: /*i18n*/ { id: "shell.failed", message: "Something went wrong. Please try again." },
  busy: /*i18n*/ { id: "shell.busy", message: "The booking service is busy. Please try again in a moment." },
  busyFor: /*i18n*/ {
    id: "shell.busyFor",
    message: "The booking service is busy. Please try again in {minutes, plural, one {# minute} other {# minutes}}.",
  },
  crashed: /*i18n*/ { id: "shell.crashed", message: "Something went wrong in the booking widget. Please reload the page." },
  footer: /*i18n*/ { id: "shell.footer", message: "© {year} {company}" },
  language: /*i18n*/ { id: "shell.language", message: "Language" },
  myPage: /*i18n*/ { id: "myPage.title", message: "My Page" },
  menu: /*i18n*/ { id: "menu.label", message: "Menu" },
  logOut: /*i18n*/ { id: "menu.logOut", message: "Log out" },
  preview: /*i18n*/ {
    id: "shell.preview",
    message: "Preview: nothing is booked, no code is sent and no time is held.",
  },
};
