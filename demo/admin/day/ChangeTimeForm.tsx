import { valibotResolver } from "@hookform/resolvers/valibot";
import { useLingui } from "@lingui/react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import * as v from "valibot";
import { refusalWords, type Words } from "../api/refusal-words.ts";
import { m } from "../i18n/messages.ts";
import { Field } from "../sign-in/Field.tsx";
import { FormAlert } from "../sign-in/FormAlert.tsx";
import type { AppointmentMove } from "./day-grid.ts";

const ChangeTimeSchema = v.object({
  date: v.pipe(v.string(), v.isoDate()),
  start: v.pipe(v.string(), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/)),
  staffMemberId: v.pipe(v.string(), v.transform(Number), v.integer()),
});

interface ChangeTimeFormProps {
  appointmentId: number;
  date: string;
  start: string;
  staffMemberId: number;
  staff: readonly { id: number; name: string }[];
  move(move: AppointmentMove): Promise<unknown>;
}

/** "Change time": the single-pointer (and keyboard) alternative to dragging a block (WCAG 2.2 2.5.7). */
export function ChangeTimeForm({ appointmentId, date, start, staffMemberId, staff, move }: ChangeTimeFormProps) {
  const { _ } = useLingui();
  const [refusal, setRefusal] = useState<Words | null>(null);
  const form = useForm<v.InferInput<typeof ChangeTimeSchema>, unknown, v.InferOutput<typeof ChangeTimeSchema>>({
    resolver: valibotResolver(ChangeTimeSchema),
    defaultValues: { date, start, staffMemberId: String(staffMemberId) },
  });
  const submit = form.handleSubmit(async (values) => {
    setRefusal(null);
    try {
      await move({ appointmentId, ...values });
    } catch (error) {
      setRefusal(refusalWords(error));
    }
  });
  const { errors } = form.formState;
  return (
    <form className="admin-change-time" onSubmit={submit} noValidate aria-labelledby={`change-time-${appointmentId}`}>
      <h3 id={`change-time-${appointmentId}`}>{_(m.changeTime)}</h3>
      <Field label={m.date} type="date" error={errors.date ? m.required : undefined} {...form.register("date")} />
      <Field label={m.start} type="time" step={300} error={errors.start ? m.badTime : undefined} {...form.register("start")} />
      <div className="admin-field">
        <label htmlFor={`change-staff-${appointmentId}`}>{_(m.staffLabel)}</label>
        <select id={`change-staff-${appointmentId}`} {...form.register("staffMemberId")}>
          {staff.map((member) => (
            <option key={member.id} value={member.id}>
              {member.name}
            </option>
          ))}
        </select>
      </div>
      <FormAlert words={refusal} />
      <button type="submit" className="admin-primary" disabled={form.formState.isSubmitting}>
        {_(m.move)}
      </button>
    </form>
  );
}
