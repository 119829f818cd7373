/** The waitlist's words (issue 46): the offer's page, joining, My Page's entries. */
export const waitlistMessages = {
  offerOpening: /*i18n*/ { id: "waitlist.offerOpening", message: "Opening the time offered to you…" },
  offerUsed: /*i18n*/ { id: "waitlist.offerUsed", message: "This offer has been used: the time is booked." },
  offerExpired: /*i18n*/ {
    id: "waitlist.offerExpired",
    message: "This offer has run out, and the time has gone to others. You are still on the waitlist.",
  },
  offerTaken: /*i18n*/ {
    id: "waitlist.offerTaken",
    message: "Someone else has just taken this time. You are still on the waitlist.",
  },
  offerUnknown: /*i18n*/ { id: "waitlist.offerUnknown", message: "This link is not a waitlist offer of this booking page." },
  bookAnother: /*i18n*/ { id: "waitlist.bookAnother", message: "Find another time" },
};

/** Joining the waitlist from the time step. */
export const joinMessages = {
  fullDay: /*i18n*/ {
    id: "waitlist.fullDay",
    message: "Nothing free this day? Join the waitlist and we will tell you if a time frees up.",
  },
  noneSuits: /*i18n*/ { id: "waitlist.noneSuits", message: "None of these times suit you? Join the waitlist." },
  join: /*i18n*/ { id: "waitlist.join", message: "Join the waitlist" },
  title: /*i18n*/ { id: "waitlist.title", message: "Join the waitlist" },
  intro: /*i18n*/ {
    id: "waitlist.intro",
    message:
      "If a time frees up for what you have chosen, we will send you a link. {held, select, true {The time is kept for you for {minutes} minutes.} other {The first to book it gets it.}}",
  },
  days: /*i18n*/ { id: "waitlist.days", message: "Which days can you come?" },
  after: /*i18n*/ { id: "waitlist.after", message: "Not before" },
  before: /*i18n*/ { id: "waitlist.before", message: "Not after" },
  optional: /*i18n*/ { id: "waitlist.optional", message: "optional" },
  anyTime: /*i18n*/ { id: "waitlist.anyTime", message: "Any time" },
  email: /*i18n*/ { id: "waitlist.email", message: "Email" },
  sendCode: /*i18n*/ { id: "waitlist.sendCode", message: "Send me a code" },
  codeSent: /*i18n*/ { id: "waitlist.codeSent", message: "We have sent a code to {to}." },
  code: /*i18n*/ { id: "waitlist.code", message: "Code" },
  joinNow: /*i18n*/ { id: "waitlist.joinNow", message: "Join the waitlist" },
  joined: /*i18n*/ {
    id: "waitlist.joined",
    message: "You are on the waitlist. We will send you a link if a time frees up. You can see and remove your place on My Page.",
  },
  noDays: /*i18n*/ { id: "waitlist.noDays", message: "Choose at least one day." },
  windowOrder: /*i18n*/ { id: "waitlist.windowOrder", message: "“Not before” must be earlier than “Not after”." },
  usedUp: /*i18n*/ {
    id: "waitlist.usedUp",
    message: "You are already on the waitlist as often as you can be. Remove a place on My Page first.",
  },
  full: /*i18n*/ { id: "waitlist.full", message: "The waitlist for this day is full." },
  off: /*i18n*/ { id: "waitlist.off", message: "This booking page has no waitlist." },
  proof: /*i18n*/ { id: "waitlist.proof", message: "We could not confirm who you are. Send a new code and try again." },
  wrongCode: /*i18n*/ { id: "waitlist.wrongCode", message: "That code is not right. Check it, or send a new one." },
  limited: /*i18n*/ { id: "waitlist.limited", message: "Too many tries. Please wait a while and try again." },
  failed: /*i18n*/ { id: "waitlist.failed", message: "Something went wrong. Please try again." },
  codeNotSent: /*i18n*/ { id: "waitlist.codeNotSent", message: "We could not send the code. Check the number or address and try again." },
};

/** My Page's list of the customer's waitlist places. */
export const myWaitlistMessages = {
  title: /*i18n*/ { id: "waitlist.mine.title", message: "Your waitlist" },
  entry: /*i18n*/ { id: "waitlist.mine.entry", message: "{services} on {days}" },
  window: /*i18n*/ { id: "waitlist.mine.window", message: "{after} to {before}" },
  from: /*i18n*/ { id: "waitlist.mine.from", message: "from {after}" },
  until: /*i18n*/ { id: "waitlist.mine.until", message: "until {before}" },
  remove: /*i18n*/ { id: "waitlist.mine.remove", message: "Remove {entry} from the waitlist" },
  removeLabel: /*i18n*/ { id: "waitlist.mine.removeLabel", message: "Remove" },
  removed: /*i18n*/ { id: "waitlist.mine.removed", message: "You are off the waitlist for {entry}." },
};
