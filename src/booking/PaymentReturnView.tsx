import { useLingui } from "@lingui/react";
import { shellMessages } from "../app/messages.ts";
import { Alert } from "../ui/Alert.tsx";

/** /payment/success and /payment/failure: where an online payment returns to. */
export function PaymentReturnView({ outcome }: { outcome: "success" | "failure" }) {
  const { _ } = useLingui();
  return outcome === "success" ? (
    <Alert tone="info">{_(shellMessages.paymentSucceeded)}</Alert>
  ) : (
    <Alert tone="error">{_(shellMessages.paymentFailed)}</Alert>
  );
}
