import { now } from "../../time/now.ts";

/** The add-to-calendar targets of spec §2 "Receipt step". */
export const CALENDARS = ["apple", "google", "ical", "microsoft365", "microsoftTeams", "outlook", "yahoo"] as const;
export type CalendarKind = (typeof CALENDARS)[number];

export interface CalendarEvent {
  /** Stable id of the appointment, for the .ics UID. */
  id: string;
  title: string;
  description: string;
  location: string;
  start: Date;
  end: Date;
  /** A series' later occurrences (issue 42): one more event each in the .ics. */
  more?: readonly { id: string; start: Date; end: Date }[];
}

export interface CalendarLink {
  kind: CalendarKind;
  href: string;
  /** File name for the .ics downloads (Apple, iCal). */
  download?: string;
}

/** 2026-12-01T14:00:00.000Z → 20261201T140000Z */
function compactUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** 2026-12-01T14:00:00Z (the Microsoft compose links) */
function isoUtc(date: Date): string {
  return date.toISOString().replace(/\.\d{3}/, "");
}

function escapeIcs(text: string): string {
  return text.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

/**
 * RFC 5545 §3.1: a content line longer than 75 octets goes on over several lines, each
 * after the first starting with a space; a UTF-8 character is never split.
 */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let part = "";
  let octets = 0;
  for (const character of line) {
    const size = encoder.encode(character).length;
    // The first line holds 75 octets; the others 74 after their leading space.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(part);
      part = "";
      octets = 0;
    }
    part += character;
    octets += size;
  }
  parts.push(part);
  return parts.join("\r\n ");
}

/**
 * The end the visitor was shown: the start plus the services' customer-facing minutes
 * (the receipt's "13:00–13:40"), not the time the provider keeps blocked after it (13:45).
 */
export function shownEnd(start: Date, customerMinutes: number, blockedEnd: Date): Date {
  return customerMinutes > 0 ? new Date(start.getTime() + customerMinutes * 60_000) : blockedEnd;
}

/**
 * An iCalendar file with the event (and a series' later occurrences, one VEVENT each),
 * times in UTC (any calendar shows them in its own zone).
 */
export function icsFile(event: CalendarEvent, at: Date = now()): string {
  const vevent = ({ id, start, end }: { id: string; start: Date; end: Date }) => [
    "BEGIN:VEVENT",
    `UID:${id}@booking-widget`,
    `DTSTAMP:${compactUtc(at)}`,
    `DTSTART:${compactUtc(start)}`,
    `DTEND:${compactUtc(end)}`,
    `SUMMARY:${escapeIcs(event.title)}`,
    `DESCRIPTION:${escapeIcs(event.description)}`,
    `LOCATION:${escapeIcs(event.location)}`,
    "END:VEVENT",
  ];
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//booking-widget//EN",
    "CALSCALE:GREGORIAN",
    ...vevent(event),
    ...(event.more ?? []).flatMap(vevent),
    "END:VCALENDAR",
  ];
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

/** One link per calendar, each carrying the same start, end, title and location. */
export function calendarLinks(event: CalendarEvent, at: Date = now()): CalendarLink[] {
  const ics = `data:text/calendar;charset=utf-8,${encodeURIComponent(icsFile(event, at))}`;
  const compose = (host: string) =>
    `https://${host}/calendar/0/action/compose?${query({
      rru: "addevent",
      subject: event.title,
      startdt: isoUtc(event.start),
      enddt: isoUtc(event.end),
      body: event.description,
      location: event.location,
    })}`;
  const links: Record<CalendarKind, CalendarLink> = {
    apple: { kind: "apple", href: ics, download: "appointment.ics" },
    google: {
      kind: "google",
      href: `https://calendar.google.com/calendar/render?${query({
        action: "TEMPLATE",
        text: event.title,
        dates: `${compactUtc(event.start)}/${compactUtc(event.end)}`,
        details: event.description,
        location: event.location,
      })}`,
    },
    ical: { kind: "ical", href: ics, download: "appointment.ics" },
    microsoft365: { kind: "microsoft365", href: compose("outlook.office.com") },
    microsoftTeams: {
      kind: "microsoftTeams",
      href: `https://teams.microsoft.com/l/meeting/new?${query({ subject: event.title, startTime: isoUtc(event.start), endTime: isoUtc(event.end), content: `${event.description}\n${event.location}` })}`,
    },
    outlook: { kind: "outlook", href: compose("outlook.live.com") },
    yahoo: {
      kind: "yahoo",
      href: `https://calendar.yahoo.com/?${query({ v: "60", title: event.title, st: compactUtc(event.start), et: compactUtc(event.end), desc: event.description, in_loc: event.location })}`,
    },
  };
  // A series is every occurrence, which only the .ics carries: the one-event links would tell one of them.
  if (event.more?.length) return CALENDARS.filter((kind) => links[kind].download).map((kind) => links[kind]);
  return CALENDARS.map((kind) => links[kind]);
}
