import type { StepKind } from "./steps.ts";

export const stepTitles: Record<StepKind, { id: string; message: string }> = {
  service: /*i18n*/ { id: "stepper.service", message: "Select service" },
  staff: /*i18n*/ { id: "stepper.staff", message: "Select staff" },
  time: /*i18n*/ { id: "stepper.time", message: "Select time" },
  information: /*i18n*/ { id: "stepper.information", message: "Your information" },
  confirm: /*i18n*/ { id: "stepper.confirm", message: "Booking" },
  receipt: /*i18n*/ { id: "stepper.receipt", message: "Receipt" },
};

export const bookingMessages = {
  steps: /*i18n*/ { id: "stepper.label", message: "Booking steps" },
  stepOf: /*i18n*/ { id: "stepper.stepOf", message: "Step {step} of {count}" },
  back: /*i18n*/ { id: "stepper.back", message: "Back" },
  uncategorised: /*i18n*/ { id: "services.uncategorised", message: "Other services" },
  noServices: /*i18n*/ { id: "services.empty", message: "This place has no services to book online yet." },
  groupService: /*i18n*/ { id: "services.groupService", message: "Group, up to {count} people, booked on its own" },
  noAvailableTimes: /*i18n*/ { id: "services.noAvailableTimes", message: "No available times for this service" },
  information: /*i18n*/ { id: "services.information", message: "Information" },
  discounted: /*i18n*/ { id: "services.discounted", message: "Now {price}, was {original}" },
  variablePrice: /*i18n*/ { id: "services.variablePrice", message: "Price varies" },
  search: /*i18n*/ { id: "services.search", message: "Search services" },
  noMatch: /*i18n*/ { id: "services.noMatch", message: "No services match “{query}”." },
  selectedServices: /*i18n*/ { id: "services.selected", message: "Selected services" },
  noneSelected: /*i18n*/ { id: "services.noneSelected", message: "Tick one or more services." },
  continueWith: /*i18n*/ { id: "services.continue", message: "Continue ({count})" },
  leaveBooking: /*i18n*/ { id: "menu.leaveBooking", message: "Leave this booking for My Page? What you have chosen so far will be lost." },
  servicesLoadFailed: /*i18n*/ { id: "services.loadFailed", message: "The services could not be loaded." },
};
