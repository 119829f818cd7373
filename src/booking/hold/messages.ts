export const holdMessages = {
  heldUntil: /*i18n*/ { id: "hold.heldUntil", message: "This time is held for you until {time}." },
  timeLeft: /*i18n*/ { id: "hold.timeLeft", message: "{left} left" },
  expired: /*i18n*/ {
    id: "hold.expired",
    message: "Your hold on this time has run out. You can still book it as long as no one else takes it.",
  },
  limited: /*i18n*/ {
    id: "hold.limited",
    message: "This time is not held for you: too many times are held from your network. You can still book it while it is free.",
  },
  holdAgain: /*i18n*/ { id: "hold.holdAgain", message: "Hold this time again" },
  taken: /*i18n*/ { id: "hold.taken", message: "Someone else has just taken this time. Please choose another time." },
};
