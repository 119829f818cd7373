import { valibotResolver } from "@hookform/resolvers/valibot";
import { useLingui } from "@lingui/react";
import { PHONE_PATTERN, type Service } from "booking-widget/contract";
import { useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import * as v from "valibot";
import type { AdminClient } from "../api/admin-client.ts";
import { refusalWords, type Words } from "../api/refusal-words.ts";
import { m } from "../i18n/messages.ts";
import { Field } from "../sign-in/Field.tsx";
import { FormAlert } from "../sign-in/FormAlert.tsx";
import { dayName } from "./date-words.ts";
import type { GridCell } from "./day-grid.ts";
import { instantAt } from "./day-source.ts";
import { Dialog } from "./Dialog.tsx";

const NewCustomerSchema = v.object({
  name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100)),
  phone: v.pipe(
    v.string(),
    v.transform((phone) => phone.replace(/\D/g, "")),
    v.regex(PHONE_PATTERN),
  ),
});

interface NewBookingProps {
  api: AdminClient;
  cell: GridCell;
  providerId: number;
  timeZone: string;
  onClose(): void;
  onBooked(): void;
}

type Customer = { id: number } | { name: string; phone: string };

/**
 * A booking for a customer on the phone, in the slot pressed: a service, and the customer
 * found by phone or name, or added. The API prices it, books it as staff do (no
 * verification, no online payment) and sends the receipt as for any booking.
 */
export function NewBooking({ api, cell, providerId, timeZone, onClose, onBooked }: NewBookingProps) {
  const { _, i18n } = useLingui();
  const serviceId = useId();
  const [services, setServices] = useState<Service[]>([]);
  const [service, setService] = useState<number | null>(null);
  const [query, setQuery] = useState("");
  const [matches, setMatches] = useState<{ id: number; name: string; phone?: string | undefined }[] | null>(null);
  const [outcome, setOutcome] = useState<Words | null>(null);
  const form = useForm({ resolver: valibotResolver(NewCustomerSchema), defaultValues: { name: "", phone: "" } });
  useEffect(() => {
    api.services(providerId).then(
      (list) => {
        setServices(list);
        setService((chosen) => chosen ?? list[0]?.id ?? null);
      },
      (error) => setOutcome(refusalWords(error)),
    );
  }, [api, providerId]);
  const book = async (customer: Customer) => {
    if (service === null) return;
    setOutcome(null);
    try {
      await api.book({
        staffMemberId: cell.staffMemberId,
        start: instantAt(cell.date, cell.time, timeZone),
        services: [{ serviceId: service }],
        customer,
      });
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
      <div className="admin-field">
        <label htmlFor={serviceId}>{_(m.service)}</label>
        <select id={serviceId} value={service ?? ""} onChange={(event) => setService(Number(event.target.value))}>
          {services.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.title}
            </option>
          ))}
        </select>
      </div>
      <form
        aria-label={_(m.findCustomer)}
        onSubmit={(event) => {
          event.preventDefault();
          if (query.trim().length >= 2) void find();
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
      <form noValidate onSubmit={form.handleSubmit((values) => book(values))} aria-labelledby={`${serviceId}-new`}>
        <h3 id={`${serviceId}-new`}>{_(m.newCustomer)}</h3>
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
          error={form.formState.errors.phone ? m.badPhone : undefined}
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
