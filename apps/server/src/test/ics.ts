import ICAL from 'ical.js';

/** Test helper: an .ics text read back by an independent parser (ical.js, the one Thunderbird uses). */
export type ParsedEvent = {
  uid: string;
  sequence: number;
  summary: string;
  location: string;
  description: string;
  url: string;
  status: string;
  start: string;
  end: string;
  /** DTSTART's TZID, or "Z" for a UTC time. */
  startZone: string;
  stamp: string;
  lastModified: string;
};

const iso = (t: { toJSDate(): Date } | null) => (t ? t.toJSDate().toISOString() : '');

export function parseIcs(text: string): { calendar: ICAL.Component; events: ParsedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent').map((v): ParsedEvent => {
    const event = new ICAL.Event(v);
    const start = v.getFirstProperty('dtstart')!;
    const value = (name: string) => String(v.getFirstPropertyValue(name) ?? '');
    return {
      uid: event.uid,
      sequence: event.sequence,
      summary: event.summary,
      location: event.location,
      description: event.description,
      url: value('url'),
      status: value('status'),
      start: iso(event.startDate),
      end: iso(event.endDate),
      startZone: String(start.getParameter('tzid') ?? (event.startDate.zone?.tzid === 'UTC' ? 'Z' : '')),
      stamp: iso(v.getFirstPropertyValue('dtstamp') as ICAL.Time),
      lastModified: iso(v.getFirstPropertyValue('last-modified') as ICAL.Time),
    };
  });
  return { calendar, events };
}
