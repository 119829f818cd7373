export const seriesMessages = {
  repeat: /*i18n*/ { id: "series.repeat", message: "Repeat this appointment" },
  every: /*i18n*/ { id: "series.every", message: "Every" },
  weeks: /*i18n*/ { id: "series.weeks", message: "{count, plural, one {# week} other {# weeks}}" },
  times: /*i18n*/ { id: "series.times", message: "Times in all" },
  /** Why "Times in all" shows fewer than asked for (countCut). */
  fitWindow: /*i18n*/ {
    id: "series.fitWindow",
    message: "{count, plural, one {Only # fits} other {Only # fit}} within the {days} days you can book ahead.",
  },
  fitService: /*i18n*/ { id: "series.fitService", message: "This service repeats at most {count} times." },
  title: /*i18n*/ { id: "series.title", message: "Your series" },
  intro: /*i18n*/ {
    id: "series.intro",
    message:
      "{weeks, plural, one {Every week} other {Every # weeks}} at {time} with {staff}, where it is free. Check each time before you go on.",
  },
  /** The intro's {staff} when the staff list could not be had. */
  samePerson: /*i18n*/ { id: "series.samePerson", message: "the same person" },
  checking: /*i18n*/ { id: "series.checking", message: "Checking each time…" },
  free: /*i18n*/ { id: "series.free", message: "Free" },
  taken: /*i18n*/ { id: "series.taken", message: "{date}, {time} is taken" },
  otherTime: /*i18n*/ { id: "series.otherTime", message: "{time} instead" },
  leaveOut: /*i18n*/ { id: "series.leaveOut", message: "Leave this one out" },
  noOtherTime: /*i18n*/ { id: "series.noOtherTime", message: "No other free time that day: it is left out." },
  continue: /*i18n*/ { id: "series.continue", message: "Continue with {count} appointments" },
  onlyOne: /*i18n*/ { id: "series.onlyOne", message: "Only this first time is left: book it alone" },
  cancel: /*i18n*/ { id: "series.cancel", message: "Cancel" },
  loadFailed: /*i18n*/ { id: "series.loadFailed", message: "The series could not be checked." },
  summary: /*i18n*/ { id: "series.summary", message: "Repeats" },
  alsoBooked: /*i18n*/ { id: "series.alsoBooked", message: "Also booked in this series: {times}." },
};
