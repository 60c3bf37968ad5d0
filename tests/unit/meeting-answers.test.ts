// Going / Not going: a date's answer overrides the series answer; who is coming
// to the next occurrence counts members only; which dates may be answered or
// cancelled; and the soonest meetings across a student's groups.
import { describe, expect, it } from 'vitest';
import type { MemberProfile } from '@domain/course/course';
import { ValidationError } from '@domain/errors';
import { CourseId, MeetingId, StudyGroupId, UserId } from '@domain/ids';
import { soonestMeetings, withUpcoming, type StudyGroupView } from '@domain/study-group/group-view';
import { checkAnswerDate, checkCancellableDate, nextOccurrenceWithAnswers, type MeetingAnswer } from '@domain/study-group/meeting-answers';
import { plannedMeeting } from '@tests/support/meeting-plans';

// Tuesday 2026-09-08, noon in Gainesville (EDT).
const now = new Date('2026-09-08T16:00:00Z');
const tuesdays = plannedMeeting(MeetingId(1), { day: 'Tuesday', time: '19:00:00', location: 'Marston 101' });
const [ana, ben, cy, outsider] = [1, 2, 3, 4].map(UserId);
const answer = (userId: UserId, date: string | null, going: boolean, meetingId = tuesdays.id): MeetingAnswer => ({
  meetingId,
  userId,
  date,
  going,
});

describe('who is coming', () => {
  it('takes a date’s own answer over the series answer, and counts only members', () => {
    const answers = [
      answer(ana, null, true),
      answer(ana, '2026-09-08', false),
      answer(ben, null, true),
      answer(cy, '2026-09-15', true),
      answer(outsider, null, true),
      answer(cy, null, false, MeetingId(2)),
    ];
    expect(nextOccurrenceWithAnswers(tuesdays, answers, [ana, ben, cy], ana, now)).toEqual({
      date: '2026-09-08',
      going: [ben],
      notGoing: [ana],
      myAnswer: { going: false, forSeries: false },
    });
    expect(nextOccurrenceWithAnswers(tuesdays, answers, [ana, ben, cy], ben, now)?.myAnswer).toEqual({ going: true, forSeries: true });
    expect(nextOccurrenceWithAnswers(tuesdays, answers, [ana, ben, cy], cy, now)?.myAnswer).toBeNull();
  });

  it('skips a cancelled date and has no next occurrence after the series ends', () => {
    const cancelled = { ...tuesdays, cancelledDates: ['2026-09-08'] };
    expect(nextOccurrenceWithAnswers(cancelled, [answer(ana, null, true)], [ana], ana, now)).toMatchObject({
      date: '2026-09-15',
      going: [ana],
    });
    expect(nextOccurrenceWithAnswers({ ...tuesdays, endDate: '2026-09-07' }, [], [ana], ana, now)).toBeNull();
  });
});

describe('dates to answer and to cancel', () => {
  const refused = (run: () => unknown) => {
    try {
      run();
      return null;
    } catch (error) {
      return error instanceof ValidationError ? error.field : error;
    }
  };

  it('answers the series or an upcoming, not cancelled occurrence', () => {
    expect(checkAnswerDate(tuesdays, null, now)).toBeNull();
    expect(checkAnswerDate(tuesdays, '2026-09-08', now)).toBe('2026-09-08');
    expect(checkAnswerDate(tuesdays, '2026-12-01', now)).toBe('2026-12-01');
    for (const date of ['2026-09-01', '2026-09-09', '2026-12-08', 'soon'])
      expect(
        refused(() => checkAnswerDate(tuesdays, date, now)),
        date,
      ).toBe('date');
    expect(refused(() => checkAnswerDate({ ...tuesdays, cancelledDates: ['2026-09-15'] }, '2026-09-15', now))).toBe('date');
  });

  it('cancels only a weekly series’ occurrences from today on', () => {
    expect(checkCancellableDate(tuesdays, '2026-09-08', now)).toBe('2026-09-08');
    expect(refused(() => checkCancellableDate(tuesdays, '2026-09-01', now))).toBe('date');
    expect(refused(() => checkCancellableDate(tuesdays, '2026-09-10', now))).toBe('date');
    const once = { ...tuesdays, kind: 'once' as const, startDate: '2026-09-15', endDate: '2026-09-15' };
    expect(refused(() => checkCancellableDate(once, '2026-09-15', now))).toBe('date');
  });
});

describe('the next meetings across groups', () => {
  const member = (id: UserId): MemberProfile => ({
    id,
    username: `u${id}`,
    firstName: 'A',
    lastName: 'G',
    major: '',
    year: '',
    bio: '',
    verified: true,
  });
  const group = (id: number, meetings: StudyGroupView['meetings'], members = [ana, ben]): StudyGroupView => ({
    id: StudyGroupId(id),
    courseId: CourseId(1),
    name: `Group ${id}`,
    description: '',
    isPublic: true,
    owner: member(members[0]),
    members: members.map(member),
    meetings,
    maxMembers: 10,
    size: members.length - 1,
    withheld: false,
    joinRequest: null,
    pendingRequests: 0,
  });

  it('lists them soonest first, then by time, at most as many as asked, skipping meetings with none left', () => {
    const wednesday = plannedMeeting(MeetingId(2), { day: 'Wednesday', time: '08:00:00', location: 'x' });
    const tuesdayEarly = plannedMeeting(MeetingId(3), { day: 'Tuesday', time: '13:00:00', location: 'y' });
    const ended = plannedMeeting(MeetingId(4), { day: 'Monday', time: '08:00:00', location: 'z' }, { endDate: '2026-09-01' });
    const views = [group(1, [wednesday, ended]), group(2, [tuesdays, tuesdayEarly])].map((view) => withUpcoming(view, [], ana, now));
    expect(soonestMeetings(views, 5).map((m) => [m.group.id, m.meeting.id, m.next.date])).toEqual([
      [2, tuesdayEarly.id, '2026-09-08'],
      [2, tuesdays.id, '2026-09-08'],
      [1, wednesday.id, '2026-09-09'],
    ]);
    expect(soonestMeetings(views, 1)).toHaveLength(1);
  });

  it('shows a student outside a group its next date, not who is coming', () => {
    const view = withUpcoming(group(1, [tuesdays]), [answer(ben, null, true)], outsider, now);
    expect(view.upcoming?.get(tuesdays.id)).toEqual({ date: '2026-09-08', going: [], notGoing: [], myAnswer: null });
  });
});
