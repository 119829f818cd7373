/** My Page's login form (issue 57): a code sent now to a phone or an e-mail, the receipt's code, or the password. */
export const myPageLoginMessages = {
  intro: /*i18n*/ { id: "myPage.login.intro", message: "Log in to see, move or cancel your bookings. We send you a code." },
  loginWith: /*i18n*/ { id: "myPage.login.with", message: "Log in with" },
  byPhone: /*i18n*/ { id: "myPage.login.byPhone", message: "Phone number" },
  byEmail: /*i18n*/ { id: "myPage.login.byEmail", message: "E-mail" },
  email: /*i18n*/ { id: "myPage.login.email", message: "E-mail address" },
  sendCode: /*i18n*/ { id: "myPage.login.sendCode", message: "Send me a code" },
  codeSent: /*i18n*/ {
    id: "myPage.login.codeSent",
    message: "If {to} has bookings or a waitlist place here, a code is on its way there. It is valid for 15 minutes.",
  },
  code: /*i18n*/ { id: "myPage.login.code", message: "Code" },
  codeHint: /*i18n*/ { id: "myPage.login.codeHint", message: "The code we sent, or the three digits from your receipt" },
  sendAgain: /*i18n*/ { id: "myPage.login.sendAgain", message: "Send a new code" },
  sentAgain: /*i18n*/ { id: "myPage.login.sentAgain", message: "A new code is on its way." },
  haveCode: /*i18n*/ { id: "myPage.login.haveCode", message: "I have a code from my receipt" },
  usePassword: /*i18n*/ { id: "myPage.login.usePassword", message: "Log in with my password" },
  otherLogin: /*i18n*/ { id: "myPage.login.other", message: "Use another phone number or e-mail" },
  noPasswordAccount: /*i18n*/ {
    id: "myPage.login.noPassword",
    message: "No profile with a password has this phone number. Log in with a code instead.",
  },
  codeUsedUp: /*i18n*/ { id: "myPage.login.codeUsedUp", message: "Too many wrong tries with this code. Send a new code." },
};
