/** My Page's login form (issue 57): a code sent now to a phone or an e-mail, the receipt's code, or the password. */
export const myPageLoginMessages = {
  intro: /*i18n*/ {
    id: "myPage.login.intro",
    message: "Log in with your phone number and a code: we send you one now, or use the code from your booking receipt.",
  },
  introEmail: /*i18n*/ {
    id: "myPage.login.introEmail",
    message: "Log in with your phone number or e-mail address and a code: we send you one now, or use the code from your booking receipt.",
  },
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
  usePassword: /*i18n*/ { id: "myPage.login.usePassword", message: "Use my password instead" },
  useCode: /*i18n*/ { id: "myPage.login.useCode", message: "Use a code instead" },
  noPasswordAccount: /*i18n*/ {
    id: "myPage.login.noPassword",
    message: "No profile with a password has this phone number. Log in with a code instead.",
  },
  codeUsedUp: /*i18n*/ { id: "myPage.login.codeUsedUp", message: "Too many wrong tries with this code. Send a new code." },
};
