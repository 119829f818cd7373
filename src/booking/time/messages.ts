export const timeMessages = {
  calendar: /*i18n*/ { id: "time.calendar", message: "Choose a date" },
  previousMonth: /*i18n*/ { id: "time.previousMonth", message: "Previous month" },
  nextMonth: /*i18n*/ { id: "time.nextMonth", message: "Next month" },
  dayAvailable: /*i18n*/ { id: "time.dayAvailable", message: "{date}, available times" },
  dayFull: /*i18n*/ { id: "time.dayFull", message: "{date}, no available times" },
  hoursFor: /*i18n*/ { id: "time.hoursFor", message: "Available times {date}" },
  findFirst: /*i18n*/ { id: "time.findFirst", message: "Find first available hour" },
  noneInWindow: /*i18n*/ { id: "time.noneInWindow", message: "There are no available hours in the booking period." },
  zoneNote: /*i18n*/ { id: "time.zoneNote", message: "Times are shown in the local time of {zone} ({offset})." },
  loadFailed: /*i18n*/ { id: "time.loadFailed", message: "The available times could not be loaded." },
};
