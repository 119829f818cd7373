/**
 * The provider settings as the API names them (spec §3) and the column each lives in.
 * One table serves the seed (API name → column) and every answer (column → API name).
 */
export const PROVIDER_FIELDS = [
  ["bookingLink", "booking_link"],
  ["companyName", "company_name"],
  ["phoneNumber", "phone_number"],
  ["defaultPhoneNumberCountryCode", "default_phone_country_code"],
  ["treatmentAdress", "treatment_address"],
  ["language", "language"],
  ["timeZone", "time_zone"],
  ["timeFormat", "time_format"],
  ["currency", "currency"],
  ["hoursToCancel", "hours_to_cancel"],
  ["cancellationBoxText", "cancellation_box_text"],
  ["informationBoxText", "information_box_text"],
  ["customerReceiptAndReminderMode", "receipt_channels"],
  ["maxDaysInAdvanceForBooking", "max_days_in_advance"],
  ["appointmentDistributionInMinutes", "slot_step_minutes"],
  ["verificationType", "verification_type"],
  ["onlineTransactionProvider", "online_transaction_provider"],
  ["useCustomerAccounts", "use_customer_accounts"],
  ["multipleServices", "multiple_services"],
  ["showServicePrice", "show_service_price"],
  ["showInformationBox", "show_information_box"],
  ["customerCanSearchForAppointments", "customer_can_search_for_appointments"],
  ["customerCanSelectStaff", "customer_can_select_staff"],
  ["sendAutomaticallyReminder", "send_automatically_reminder"],
  ["sendAutomaticallyReceipt", "send_automatically_receipt"],
  ["activateEmailList", "activate_email_list"],
  ["showOccupiedHoursForAnonymousBooking", "show_occupied_hours_for_anonymous_booking"],
  ["customerRequiredName", "customer_required_name"],
  ["customerRequiredPhoneNumber", "customer_required_phone_number"],
  ["customerRequiredPhoneNumberOptional", "customer_required_phone_number_optional"],
  ["customerRequiredEmail", "customer_required_email"],
  ["customerRequiredEmailOptional", "customer_required_email_optional"],
  ["customerRequiredAddress", "customer_required_address"],
  ["customerRequiredCity", "customer_required_city"],
  ["customerRequiredPostalCode", "customer_required_postal_code"],
  ["customerRequiredSSN", "customer_required_ssn"],
  ["customerRequiredBirthdate", "customer_required_birthdate"],
  ["customerRequiredGender", "customer_required_gender"],
] as const;

export type ProviderFieldName = (typeof PROVIDER_FIELDS)[number][0];

/** SELECT list that answers a provider row under its API names. */
export const PROVIDER_SELECT = [`id AS "userId"`, ...PROVIDER_FIELDS.map(([name, column]) => `${column} AS "${name}"`)].join(", ");
