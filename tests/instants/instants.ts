/**
 * The instants the suite is proven at (issue 13): times of day and days of the week,
 * just before midnight in a provider's zone, the last day of a month and of a year, and a
 * daylight-saving change in each demo zone. Local times: NY = America/New_York, CHI =
 * America/Chicago, OSL = Europe/Oslo, MEX = America/Mexico_City.
 */
export const INSTANTS: Record<string, { at: string; why: string }> = {
  default: { at: "2026-11-18T15:10:00Z", why: "Wednesday; every demo page is open (CHI 09:10, NY 10:10, OSL 16:10, MEX 09:10)" },
  "monday-before-opening": {
    at: "2026-11-23T13:00:00Z",
    why: "Monday; CHI 07:00 and NY 08:00 before opening, demo-frisor closed on Mondays",
  },
  "new-york-late-afternoon": {
    at: "2026-11-18T20:50:00Z",
    why: "Wednesday; NY 15:50, when an hour still fits today and 85 minutes do not (CHI 14:50, OSL 21:50, MEX 14:50)",
  },
  "oslo-before-closing": {
    at: "2026-11-17T16:20:00Z",
    why: "Tuesday; OSL 17:20, when demo-frisor has a few times left today (NY 11:20, CHI 10:20, MEX 10:20)",
  },
  "friday-after-closing": {
    at: "2026-11-20T22:50:00Z",
    why: "Friday; CHI 16:50 and NY 17:50 closed, MEX 16:50 open, OSL 23:50 just before midnight",
  },
  "oslo-midnight-month-end": { at: "2026-10-31T22:59:00Z", why: "OSL 23:59 on Saturday 31 October, the month's last minute" },
  "new-york-midnight-month-end": { at: "2026-12-01T04:59:00Z", why: "NY 23:59 on Monday 30 November, the month's last minute" },
  "chicago-midnight-year-end": { at: "2027-01-01T05:59:00Z", why: "CHI 23:59 on 31 December 2026 while NY and UTC are in 2027" },
  "spring-forward-new-york": {
    at: "2026-03-08T07:30:00Z",
    why: "Sunday 8 March: NY 03:30 just after 02:00 became 03:00, CHI 01:30 just before",
  },
  "fall-back-chicago": { at: "2026-11-01T06:30:00Z", why: "Sunday 1 November: NY 01:30 the second time, CHI 01:30 the first time" },
  "spring-forward-oslo": { at: "2026-03-29T00:59:00Z", why: "Sunday 29 March: OSL 01:59, a minute before 02:00 becomes 03:00" },
  "fall-back-oslo": { at: "2026-10-25T00:30:00Z", why: "Sunday 25 October: OSL 02:30 the first time, before 03:00 becomes 02:00" },
  "fall-back-mexico-city": {
    at: "2022-10-30T06:30:00Z",
    why: "Sunday 30 October 2022: MEX 01:30, its last daylight-saving change (it has kept standard time since)",
  },
};
