/**
 * Where the payment page sends the visitor back (spec §2 routes /payment/success and
 * /payment/failure), naming the booking page so the return page can load it.
 */
export function paymentReturnUrls(siteBase: string, bookingLink: string): { successUrl: string; failureUrl: string } {
  const url = (outcome: "success" | "failure") => {
    const target = new URL(`payment/${outcome}`, siteBase);
    target.searchParams.set("company", bookingLink);
    return target.href;
  };
  return { successUrl: url("success"), failureUrl: url("failure") };
}
