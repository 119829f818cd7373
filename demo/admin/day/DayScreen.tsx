import { useLingui } from "@lingui/react";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { allows, pad2, todayIn, toZoned } from "booking-widget/contract";
import { useEffect, useMemo, useState } from "react";
import { useAdmin } from "../admin-context.tsx";
import { AdminRefusal } from "../api/admin-client.ts";
import { refusalWords, type Words } from "../api/refusal-words.ts";
import { m } from "../i18n/messages.ts";
import { FormAlert } from "../sign-in/FormAlert.tsx";
import { AppointmentPanel } from "./AppointmentPanel.tsx";
import { dayName } from "./date-words.ts";
import { type AppointmentMove, dayGrid, type GridCell, startPosition } from "./day-grid.ts";
import { type DaySearch, daySearchOf, daysShown, shiftDate } from "./day-search.ts";
import { DayGrid } from "./DayGrid.tsx";
import { instantAt } from "./day-source.ts";
import { NewBooking } from "./NewBooking.tsx";
import { Waitlist } from "./Waitlist.tsx";
import { useDay } from "./use-day.ts";

/** The day (or one person's week): the address says which; the grid, its panel and the new-booking form. */
export function DayScreen() {
  const { _, i18n } = useLingui();
  const { api, session, setSession, clock, pollMs } = useAdmin();
  const navigate = useNavigate({ from: "/" });
  const timeZone = session!.provider.timeZone;
  const today = todayIn(timeZone, clock.now());
  const asked = daySearchOf(useSearch({ from: "/" }), today);
  // A week is one person's: the one asked for, else the person signed in, else the first column seen.
  const [seenStaff, setSeenStaff] = useState<number | undefined>(undefined);
  const search: DaySearch =
    asked.view === "week" && asked.staff === undefined ? { ...asked, staff: session!.account.staffMemberId ?? seenStaff } : asked;
  // Until a person is known for the week (the API asks for one), the day tells who works.
  const { day, error, reload } = useDay(
    api,
    search.view === "week" && search.staff === undefined ? { ...search, view: "day" } : search,
    pollMs,
  );
  const [open, setOpen] = useState<number | null>(null);
  const [booking, setBooking] = useState<GridCell | null>(null);
  // A drop or a keyboard move the API refuses (a time taken meanwhile) is said here, as the Change time form says it.
  const [moveRefusal, setMoveRefusal] = useState<Words | null>(null);
  const canChange = allows(session!.role, "appointments", "readWrite");
  const go = (next: Partial<DaySearch>) => navigate({ search: { ...search, ...next } });
  const grid = useMemo(() => (day ? dayGrid(day, search) : null), [day, search.date, search.view, search.staff]);
  useEffect(() => {
    if (day?.staff[0] && seenStaff === undefined) setSeenStaff(day.staff[0].id);
  }, [day, seenStaff]);
  const move = async ({ appointmentId, date, start, staffMemberId }: AppointmentMove) => {
    await api.move(appointmentId, { start: instantAt(date, start, timeZone), staffMemberId });
    await reload();
  };

  const ended = error instanceof AdminRefusal && error.status === 401;
  // The session ended on the server (idle, absolute, signed out elsewhere): sign in again.
  useEffect(() => {
    if (!ended) return;
    setSession(null);
    void navigate({ to: "/sign-in", search: { reason: "session-ended" } });
  }, [ended, setSession, navigate]);
  const days = daysShown(search);
  const person = day?.staff.find((member) => member.id === search.staff) ?? day?.staff[0];
  const period =
    search.view === "day" ? dayName(search.date, i18n.locale) : `${dayName(days[0]!, i18n.locale)} – ${dayName(days[6]!, i18n.locale)}`;
  const nowTime = search.date === today || days.includes(today) ? zonedTime(clock.now(), timeZone) : null;
  return (
    <section className="admin-day" aria-labelledby="day-title">
      <h1 id="day-title">{search.view === "day" ? _(m.dayTitle) : _({ ...m.weekTitle, values: { name: person?.name ?? "" } })}</h1>
      <nav className="admin-day__nav" aria-label={period}>
        <button type="button" onClick={() => go({ date: shiftDate(search, -1) })}>
          {search.view === "day" ? _(m.previousDay) : _(m.previousWeek)}
        </button>
        <button type="button" onClick={() => go({ date: today })} aria-current={search.date === today ? "date" : undefined}>
          {_(m.today)}
        </button>
        <button type="button" onClick={() => go({ date: shiftDate(search, 1) })}>
          {search.view === "day" ? _(m.nextDay) : _(m.nextWeek)}
        </button>
        <p className="admin-day__period" aria-live="polite">
          {period}
        </p>
        <label>
          {_(m.viewLabel)}{" "}
          <select value={search.view} onChange={(event) => go({ view: event.target.value as DaySearch["view"], staff: search.staff })}>
            <option value="day">{_(m.viewDay)}</option>
            <option value="week">{_(m.viewWeek)}</option>
          </select>
        </label>
        {search.view === "week" && day ? (
          <label>
            {_(m.staffLabel)}{" "}
            <select value={person?.id ?? ""} onChange={(event) => go({ staff: Number(event.target.value) })}>
              {day.staff.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </nav>
      {error && !ended ? <FormAlert words={refusalWords(error)} /> : null}
      {moveRefusal ? <FormAlert words={moveRefusal} /> : null}
      {!grid || !day ? (
        <p role="status">{_(m.loading)}</p>
      ) : grid.columns.length === 0 ? (
        <p>{_(m.noStaff)}</p>
      ) : (
        <DayGrid
          key={`${search.view}|${search.date}|${search.staff ?? ""}`}
          grid={grid}
          slotMinutes={day.slotMinutes}
          label={_({ ...m.gridLabel, values: { period } })}
          start={startPosition(grid, nowTime)}
          onOpen={setOpen}
          onStartBooking={canChange ? setBooking : null}
          onMove={
            canChange
              ? (to) =>
                  void move(to).then(
                    () => setMoveRefusal(null),
                    (refused) => setMoveRefusal(refusalWords(refused)),
                  )
              : null
          }
        />
      )}
      {open !== null && day ? (
        <AppointmentPanel
          api={api}
          appointmentId={open}
          staff={day.staff}
          canChange={canChange}
          onClose={() => setOpen(null)}
          onChanged={() => void reload()}
          move={move}
        />
      ) : null}
      {day ? <Waitlist view={day} /> : null}
      {booking ? (
        <NewBooking
          api={api}
          cell={booking}
          providerId={session!.provider.id}
          timeZone={timeZone}
          onClose={() => setBooking(null)}
          onBooked={() => void reload()}
        />
      ) : null}
    </section>
  );
}

const zonedTime = (at: Date, timeZone: string) => {
  const { hour, minute } = toZoned(at, timeZone);
  return `${pad2(hour)}:${pad2(minute)}`;
};
