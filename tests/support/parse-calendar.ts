// Reads an .ics file with ical.js (an independent parser), registering its
// VTIMEZONE so that start times convert to real instants.
import ICAL from 'ical.js';

export interface ParsedEvent {
  uid: string;
  summary: string;
  location: string;
  description: string;
  tzid: string;
  /** 1 = Sunday ... 7 = Saturday, in the event's own zone. */
  weekday: number;
  /** Wall-clock HH:MM in the event's own zone. */
  localTime: string;
  /** The first start as a real instant. */
  start: Date;
  rrule: string;
  duration: string;
  url: string | null;
  sequence: number | null;
  lastModified: Date | null;
  /** Every occurrence's campus date (YYYY-MM-DD) as ical.js expands the event (RRULE, UNTIL, EXDATE), at most 400. */
  dates: string[];
}

/** The local dates ical.js expands an event to, in the event's own zone. */
function expand(event: ICAL.Event): string[] {
  const pad = (n: number) => String(n).padStart(2, '0');
  const dates: string[] = [];
  const iterator = event.iterator();
  for (let next = iterator.next(); next && dates.length < 400; next = iterator.next()) {
    dates.push(`${next.year}-${pad(next.month)}-${pad(next.day)}`);
  }
  return dates;
}

export function parseCalendar(text: string): { tzids: string[]; events: ParsedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const zones = calendar.getAllSubcomponents('vtimezone').map((vtimezone) => new ICAL.Timezone(vtimezone));
  for (const zone of zones) ICAL.TimezoneService.register(zone);
  try {
    const events = calendar.getAllSubcomponents('vevent').map((vevent) => {
      const event = new ICAL.Event(vevent);
      const start = event.startDate;
      const pad = (n: number) => String(n).padStart(2, '0');
      return {
        uid: event.uid,
        summary: event.summary,
        location: event.location,
        description: event.description,
        tzid: String(vevent.getFirstProperty('dtstart')?.getParameter('tzid') ?? ''),
        weekday: start.dayOfWeek(),
        localTime: `${pad(start.hour)}:${pad(start.minute)}`,
        start: start.toJSDate(),
        rrule: String(vevent.getFirstPropertyValue('rrule')),
        duration: String(vevent.getFirstPropertyValue('duration')),
        url: (vevent.getFirstPropertyValue('url') as string | null) ?? null,
        sequence: event.sequence ?? null,
        lastModified: (vevent.getFirstPropertyValue('last-modified') as ICAL.Time | null)?.toJSDate() ?? null,
        dates: expand(event),
      };
    });
    return { tzids: zones.map((zone) => zone.tzid), events };
  } finally {
    for (const zone of zones) ICAL.TimezoneService.remove(zone.tzid);
  }
}
