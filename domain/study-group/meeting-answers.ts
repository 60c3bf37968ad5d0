// Going / Not going: a member answers for one occurrence of a meeting or for
// the whole series; an occurrence's own answer overrides the series answer.
// The next occurrence of each meeting is shown with who is coming.
import type { MeetingId, UserId } from '@domain/ids';
import { ValidationError } from '@domain/errors';
import { campusDate, isOccurrenceDate, nextOccurrenceDate, type PlannedMeeting } from './meeting-plan';

export interface MeetingAnswer {
  meetingId: MeetingId;
  userId: UserId;
  /** YYYY-MM-DD: the answer for that occurrence; null: for the whole series. */
  date: string | null;
  going: boolean;
}

/** A student's answer as it holds for one occurrence, and whether it is the series' answer. */
interface EffectiveAnswer {
  going: boolean;
  forSeries: boolean;
}

/** The next occurrence of a meeting, with the answers that hold for it. */
export interface NextOccurrence {
  date: string;
  /** Members going, in the group's member order. */
  going: UserId[];
  notGoing: UserId[];
  /** The viewer's own answer for that date, or null. */
  myAnswer: EffectiveAnswer | null;
}

const MEETING_ANSWER_MESSAGES = {
  date: 'Please answer for an upcoming date of this meeting',
  cancelDate: 'Please choose a date this meeting takes place on',
} as const;

/** The answer of `userId` for the occurrence on `date`: its own, else the series'. */
function effectiveAnswer(answers: MeetingAnswer[], meetingId: MeetingId, userId: UserId, date: string): EffectiveAnswer | null {
  let series: EffectiveAnswer | null = null;
  for (const answer of answers) {
    if (answer.meetingId !== meetingId || answer.userId !== userId) continue;
    if (answer.date === date) return { going: answer.going, forSeries: false };
    if (answer.date === null) series = { going: answer.going, forSeries: true };
  }
  return series;
}

/** Who among `memberIds` is going to the occurrence on `date` (by the answers that hold for it), in their order. */
export function goingOn(meetingId: MeetingId, answers: MeetingAnswer[], memberIds: readonly UserId[], date: string): UserId[] {
  return memberIds.filter((memberId) => effectiveAnswer(answers, meetingId, memberId, date)?.going === true);
}

/**
 * The meeting's next occurrence (not ended by `now`) with who is going and
 * who is not among `memberIds` (answers of others are left out); null when
 * none is left.
 */
export function nextOccurrenceWithAnswers(
  meeting: PlannedMeeting,
  answers: MeetingAnswer[],
  memberIds: UserId[],
  viewerId: UserId,
  now: Date,
): NextOccurrence | null {
  const date = nextOccurrenceDate(meeting, now);
  if (date === null) return null;
  const going: UserId[] = [];
  const notGoing: UserId[] = [];
  for (const memberId of memberIds) {
    const answer = effectiveAnswer(answers, meeting.id, memberId, date);
    if (answer) (answer.going ? going : notGoing).push(memberId);
  }
  return { date, going, notGoing, myAnswer: effectiveAnswer(answers, meeting.id, viewerId, date) };
}

/**
 * The date a member may answer for: null (the series) or an occurrence of
 * the meeting that has not ended (a cancelled one is not). Throws otherwise.
 */
export function checkAnswerDate(meeting: PlannedMeeting, date: string | null, now: Date): string | null {
  if (date === null) return null;
  const next = nextOccurrenceDate(meeting, now);
  const upcoming = next !== null && date >= next && isOccurrenceDate(meeting, date) && !meeting.cancelledDates.includes(date);
  if (!upcoming) throw new ValidationError(MEETING_ANSWER_MESSAGES.date, 'date');
  return date;
}

/** A date the owner may cancel or restore: an occurrence of a weekly series, from today on. */
export function checkCancellableDate(meeting: PlannedMeeting, date: string, now: Date): string {
  if (meeting.kind !== 'weekly' || !isOccurrenceDate(meeting, date) || date < campusDate(now)) {
    throw new ValidationError(MEETING_ANSWER_MESSAGES.cancelDate, 'date');
  }
  return date;
}

/** The first of the meetings' next occurrences, soonest first, then by start time. */
export function compareNext(a: { date: string; time: string }, b: { date: string; time: string }): number {
  return a.date.localeCompare(b.date) || a.time.localeCompare(b.time);
}
