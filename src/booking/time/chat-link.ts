/**
 * Spec §2 "Calendar step": a service marked unavailableForOnlineBooking is booked by
 * message instead. The chat link opens WhatsApp to the provider's number with the
 * service and the chosen date and time written in; without a number, an SMS link.
 */
export function chatLink(provider: { phoneNumber: string; defaultPhoneNumberCountryCode: number | null }, text: string): string | null {
  const digits = provider.phoneNumber.replace(/\D/g, "");
  if (!digits) return null;
  const dial = String(provider.defaultPhoneNumberCountryCode ?? 47);
  // A number written with "+" has its country code already; otherwise the provider's is added.
  const international = provider.phoneNumber.trim().startsWith("+") ? digits : `${dial}${digits}`;
  return `https://wa.me/${international}?text=${encodeURIComponent(text)}`;
}
