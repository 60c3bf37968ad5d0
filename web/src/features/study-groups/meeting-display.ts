// How a meeting reads wherever it is listed: "Tuesdays 7:00–8:00 PM · until
// Dec 3" for a series, "Exam 1 review · Fri, Oct 3, 7:00–9:00 PM" for a
// single meeting; its place as a link when it is one.
import type { Meeting } from '@contract/meetings';
import { isMeetingLink } from '@domain/study-group/meeting-plan';
import { memberName } from '@web/lib/member-name';
import { formatDate, formatDayDate, formatTimeRange } from '@web/lib/time-of-day';

/** When the meeting is, with its title for a single one (a series' title is shown on its own line). */
export function meetingSummary(meeting: Meeting): string {
  const range = formatTimeRange(meeting.time, meeting.lengthMinutes);
  if (meeting.kind === 'once') {
    const when = `${formatDayDate(meeting.startDate)}, ${range}`;
    return meeting.title ? `${meeting.title} · ${when}` : when;
  }
  return `${meeting.day}s ${range} · until ${formatDate(meeting.endDate)}`;
}

/** A place's link target (https:// added to a bare www. or zoom.us one), or null for a room. */
export function meetingLink(location: string): string | null {
  if (!isMeetingLink(location)) return null;
  const trimmed = location.trim();
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/** Who is coming to the next date: "Going: Marco Member, Olivia Owner · 1 not going". */
export function comingLine(next: NonNullable<Meeting['next']>): string {
  const going = next.going.length === 0 ? 'No one has said they are going yet' : `Going: ${next.going.map(memberName).join(', ')}`;
  return next.notGoingCount > 0 ? `${going} · ${next.notGoingCount} not going` : going;
}

/** The meeting whose next date comes first (then the earlier time); null when none has one left. */
export function soonest(meetings: Meeting[]): Meeting | null {
  let first: Meeting | null = null;
  for (const meeting of meetings) {
    if (!meeting.next) continue;
    if (!first?.next || meeting.next.date < first.next.date || (meeting.next.date === first.next.date && meeting.time < first.time))
      first = meeting;
  }
  return first;
}
