import type { CustomField, Provider } from "../../contract/schemas/index.ts";
import { useBookingStore } from "../store/booking-store-context.ts";
import { LaterScreen } from "../../kernel/later/LaterScreen.tsx";
import { InformationForm } from "../../customer/InformationForm.tsx";
import { HoldNote } from "../hold/HoldNote.tsx";
import { informationMessages as m } from "../../customer/information-messages.ts";
import { useAutoFilledDetails } from "./useAutoFilledDetails.ts";
import { usePrefillSuggestion } from "../prefill/usePrefillSuggestion.ts";
import { useCustomFields } from "./useCustomFields.ts";
import { loadOf } from "../../kernel/loads.ts";
import { Loaded } from "../../kernel/Loaded.tsx";

/** The "Your information" step with accounts off (lazy chunk). */
export default function InformationStep({ provider }: { provider: Provider }) {
  return (
    <LaterScreen>
      <HoldNote provider={provider} />
      <InformationLoader provider={provider} />
    </LaterScreen>
  );
}

function InformationLoader({ provider }: { provider: Provider }) {
  return (
    <Loaded load={loadOf(useCustomFields(provider.userId))} notFound={m.loadFailed}>
      {(customFields) => <DetailsForm provider={provider} customFields={customFields} />}
    </Loaded>
  );
}

/** Accounts off: the form, auto-filled from an earlier booking in this browser. */
function DetailsForm({ provider, customFields }: { provider: Provider; customFields: CustomField[] }) {
  const saveCustomer = useBookingStore((state) => state.saveCustomer);
  const keepCustomerDraft = useBookingStore((state) => state.keepCustomerDraft);
  const initial = useAutoFilledDetails(provider, customFields);
  const suggested = usePrefillSuggestion(initial);
  return (
    <InformationForm
      provider={provider}
      customFields={customFields}
      initial={initial}
      suggested={suggested}
      onChange={keepCustomerDraft}
      onValid={(values) => saveCustomer(values)}
    />
  );
}
