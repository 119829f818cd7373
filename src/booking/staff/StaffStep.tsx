import { useLingui } from "@lingui/react";
import { type ReactNode, useEffect } from "react";
import useSWR, { useSWRConfig } from "swr";
import type { Provider, StaffMember } from "../../contract/schemas/index.ts";
import { errorCatalogue } from "../../kernel/errors/error-catalogue.ts";
import { Alert } from "../../ui/Alert.tsx";
import { shellMessages } from "../../kernel/shell-messages.ts";
import { LaterScreen } from "../../kernel/later/LaterScreen.tsx";
import { createBookingCalls } from "../../api/booking-calls.ts";
import { useApiCalls } from "../../kernel/useApiCalls.ts";
import { Loaded } from "../../kernel/Loaded.tsx";
import { loadOf } from "../../kernel/loads.ts";
import { useWidget } from "../../kernel/widget-context.ts";
import { useBookingStore, useBookingStoreApi } from "../store/booking-store-context.ts";
import { providerToday } from "../../time/provider-today.ts";
import { Skeletons } from "../../ui/Skeletons.tsx";
import { nextAvailableText, staffMessages } from "./messages.ts";
import { initialsOf, nextAvailableOf, sortStaff } from "./staff-model.ts";
import { preselectedStaff } from "../prefill/preselected-staff.ts";
import { staffKey } from "./staff-key.ts";
import { DialogType } from "../../contract/enumerations.ts";
import type { FeedbackServices } from "../../feedback/feedback-context.ts";

const SKELETON_CARDS = 3;

/** The staff step (lazy chunk, only with customerCanSelectStaff). */
export default function StaffStep({ provider }: { provider: Provider }) {
  return (
    <LaterScreen>
      <StaffCards provider={provider} />
    </LaterScreen>
  );
}

function StaffCards({ provider }: { provider: Provider }) {
  const { _, i18n } = useLingui();
  const booking = useApiCalls(createBookingCalls);
  const serviceBookings = useBookingStore((state) => state.selectedServices);
  const chooseStaff = useBookingStore((state) => state.chooseStaff);
  const { api } = useWidget();
  const key = staffKey(provider.userId, serviceBookings);
  // Started when the service was tapped (prefetch/next-step-calls.ts), when it was.
  const load = loadOf(useSWR(key, () => api.started.take(key, () => booking.staff(provider.userId, serviceBookings))));
  const staff = load.data;
  const today = providerToday(provider.timeZone);
  const nobody = staff !== undefined && staff.length === 0;
  useNoProviderDialog(nobody);
  usePreselectedStaff(staff);

  const skeletons = (
    <Skeletons
      count={SKELETON_CARDS}
      label={_(shellMessages.loading)}
      listClassName="bw-staff-list"
      itemClassName="bw-staff-card bw-staff-card--skeleton"
    />
  );
  return (
    <Loaded load={load} notFound={staffMessages.loadFailed} loading={<StaffSection>{skeletons}</StaffSection>}>
      {(staff) => (
        <StaffSection>
          {nobody ? (
            <Alert tone="error">{_(errorCatalogue.noProviderForService)}</Alert>
          ) : (
            <ul className="bw-staff-list">
              <li className="bw-staff-card" part="staff-card">
                <button type="button" className="bw-staff-card__button" onClick={() => chooseStaff(null)}>
                  <span className="bw-staff-card__avatar" aria-hidden="true">
                    ★
                  </span>
                  <span className="bw-staff-card__name">{_(staffMessages.any)}</span>
                  <span className="bw-staff-card__next">{_(staffMessages.anyDescription)}</span>
                </button>
              </li>
              {sortStaff(staff).map((member) => (
                <StaffCard
                  key={member.id}
                  member={member}
                  next={nextAvailableText(i18n, nextAvailableOf(member, provider, today))}
                  onChoose={chooseStaff}
                />
              ))}
            </ul>
          )}
        </StaffSection>
      )}
    </Loaded>
  );
}

const StaffSection = ({ children }: { children: ReactNode }) => (
  <section className="bw-step" aria-labelledby="bw-step-title">
    {children}
  </section>
);

function StaffCard({ member, next, onChoose }: { member: StaffMember; next: string; onChoose(id: number): void }) {
  const available = member.nextAvailable !== null;
  return (
    <li className={`bw-staff-card${available ? "" : " bw-staff-card--unavailable"}`} part="staff-card">
      <button
        type="button"
        className="bw-staff-card__button"
        aria-disabled={!available || undefined}
        onClick={() => available && onChoose(member.id)}
      >
        {member.profilePictureUrl ? (
          <img className="bw-staff-card__avatar" src={member.profilePictureUrl} alt="" />
        ) : (
          <span className="bw-staff-card__avatar" aria-hidden="true">
            {initialsOf(member.fullName)}
          </span>
        )}
        <span className="bw-staff-card__name">{member.fullName}</span>
        <span className="bw-staff-card__next">{next}</span>
      </button>
    </li>
  );
}

/** The staff attribute: its person is chosen once the staff for the chosen services are known (once per value). */
function usePreselectedStaff(staff: readonly StaffMember[] | undefined) {
  const { warn } = useWidget();
  const store = useBookingStoreApi();
  const wanted = useBookingStore((state) => state.prefill.staff?.trim() || undefined);
  const used = useBookingStore((state) => state.prefillUsed.staff);
  useEffect(() => {
    if (!wanted || wanted === used || !staff) return;
    const { staffId, ignored } = preselectedStaff(staff, wanted);
    warn(ignored);
    store.getState().usedStaffPrefill(wanted);
    if (staffId !== null) store.getState().chooseStaff(staffId);
  }, [wanted, used, staff, store, warn]);
}

/**
 * Spec §2: nobody offers the chosen services. A dialog says so; its button starts
 * over with fresh services ("select another service").
 */
function useNoProviderDialog(nobody: boolean) {
  const { _ } = useLingui();
  const { feedback } = useWidget<FeedbackServices>();
  const store = useBookingStoreApi();
  const { mutate } = useSWRConfig();
  useEffect(() => {
    if (!nobody) return;
    feedback.getState().showDialog({
      type: DialogType.Message,
      icon: "error",
      code: "no-staff-for-service",
      text: _(errorCatalogue.noProviderForService),
      actionLabel: _(staffMessages.selectAnother),
      action: () => {
        store.getState().startOver();
        void mutate((key) => Array.isArray(key) && key[0] === "services");
      },
    });
  }, [nobody, feedback, store, mutate, _]);
}
