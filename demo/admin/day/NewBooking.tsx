import { valibotResolver } from "@hookform/resolvers/valibot";
import { useLingui } from "@lingui/react";
import { PHONE_PATTERN } from "booking-widget/contract";
import { useState } from "react";
import { useForm } from "react-hook-form";
import * as v from "valibot";
import type { AdminClient, NewBooking as Booking } from "../api/admin-client.ts";
import type { CustomerMatch } from "../api/appointment-detail.ts";
import { refusalWords, type Words } from "../api/refusal-words.ts";
import { m } from "../i18n/messages.ts";
import { Field } from "../sign-in/Field.tsx";
import { FormAlert } from "../sign-in/FormAlert.tsx";
import { dayName } from "./date-words.ts";
import type { GridCell } from "./day-grid.ts";
import { Dialog } from "./Dialog.tsx";

const NewCustomerSchema = v.object({
  name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100)),
  phone: v.pipe(
    v.string(),
    v.transform((phone) => phone.replace(/\D/g, "")),
    v.regex(PHONE_PATTERN),
  ),
});

/**
 * A booking for a customer on the phone, in the slot pressed: find them by phone or
 * name, or add them. The API books it as staff do (no verification, no online payment)
 * and sends the receipt as for any booking.
 */
export function NewBooking({ api, cell, onClose, onBooked }: { api: AdminClient; cell: GridCell; onClose(): void; onBooked(): void }) {
  const { _, i18n } = useLingui();
  const [query, setQuery] = useState("");
  const [matches, setMatches] = useState<CustomerMatch[] | null>(null);
  const [outcome, setOutcome] = useState<Words | null>(null);
  const form = useForm({ resolver: valibotResolver(NewCustomerSchema), defaultValues: { name: "", phone: "" } });
  const book = async (customer: Booking["customer"]) => {
    setOutcome(null);
    try {
      await api.book({ staffMemberId: cell.staffMemberId, date: cell.date, start: cell.time, customer });
      onBooked();
      onClose();
    } catch (error) {
      setOutcome(refusalWords(error));
    }
  };
  const find = async () => {
    setOutcome(null);
    try {
      setMatches(await api.customers(query.trim()));
    } catch (error) {
      setOutcome(refusalWords(error));
    }
  };
  return (
    <Dialog
      title={_({ ...m.newBooking, values: { date: dayName(cell.date, i18n.locale), time: cell.time, name: cell.staffName } })}
      onClose={onClose}
    >
      <form
        aria-label={_(m.findCustomer)}
        onSubmit={(event) => {
          event.preventDefault();
          if (query.trim()) void find();
        }}
      >
        <Field label={m.findCustomer} type="search" value={query} onChange={(event) => setQuery(event.target.value)} />
        <button type="submit">{_(m.search)}</button>
      </form>
      {matches === null ? null : matches.length === 0 ? (
        <p role="status">{_(m.noMatches)}</p>
      ) : (
        <ul className="admin-matches">
          {matches.map((match) => (
            <li key={match.id}>
              <button type="button" onClick={() => book({ id: match.id })}>
                {_({ ...m.choose, values: { name: match.name } })}
              </button>{" "}
              {match.phone ?? ""}
            </li>
          ))}
        </ul>
      )}
      <form noValidate onSubmit={form.handleSubmit((values) => book(values))}>
        <h3>{_(m.newCustomer)}</h3>
        <Field
          label={m.customerName}
          autoComplete="off"
          error={form.formState.errors.name ? m.required : undefined}
          {...form.register("name")}
        />
        <Field
          label={m.phone}
          type="tel"
          autoComplete="off"
          error={form.formState.errors.phone ? m.required : undefined}
          {...form.register("phone")}
        />
        <button type="submit" className="admin-primary">
          {_(m.bookNew)}
        </button>
      </form>
      <FormAlert words={outcome} />
    </Dialog>
  );
}
