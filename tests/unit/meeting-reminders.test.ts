// A meeting's reminder, on in-memory adapters and a clock the test moves:
// planned when a member answers Going or the meeting is scheduled or changed,
// an hour before each occurrence; when it runs, only the members going to
// that date are pushed; a moved meeting's old job tells nobody; a weekly
// series plans its next occurrence (after the spring change, an hour earlier
// in UTC); quiet hours hold it only if they end before the meeting starts.
import { beforeEach, describe, expect, it } from 'vitest';
import type { MeetingNews } from '@application/notifications/group-events';
import {
  MEETING_REMINDERS_QUEUE,
  MeetingReminders,
  RemindMeeting,
  withReminders,
  type MeetingReminderJob,
} from '@application/notifications/meeting-reminders';
import { DevicesUnreachableError, NoticeDelivery } from '@application/notifications/notice-delivery';
import { RecordingDigestInbox } from '@tests/fakes/recording-digest-inbox';
import { AnswerMeeting } from '@application/study-groups/answer-meeting';
import { CourseId, type UserId } from '@domain/ids';
import { defaultPreferences } from '@domain/notifications/notification-preferences';
import { InMemoryNotificationPreferences } from '@tests/fakes/in-memory-notification-preferences';
import { InMemoryStudyGroupRepository } from '@tests/fakes/in-memory-study-group-repository';
import { InMemoryUserRepository } from '@tests/fakes/in-memory-user-repository';
import { RecordingGroupChanges } from '@tests/fakes/recording-group-changes';
import { RecordingJobQueue } from '@tests/fakes/recording-job-queue';
import { RecordingPushSender } from '@tests/fakes/recording-push-sender';
import { weeklyPlan } from '@tests/support/meeting-plans';
import { storeStudent } from '@tests/support/stored-student';

let now: number;
const clock = () => now;
const setNow = (iso: string) => (now = Date.parse(iso));

async function world() {
  setNow('2026-03-01T15:00:00Z');
  const users = new InMemoryUserRepository();
  const groups = new InMemoryStudyGroupRepository(users);
  const [ana, ben, cal, dan] = await Promise.all(['ana', 'ben', 'cal', 'dan'].map((name) => storeStudent(users, name)));
  const created = await groups.create(
    { courseId: CourseId(1), ownerId: ana.id, name: 'Exam 1 Crammers', description: '', isPublic: true },
    new Date(now),
  );
  for (const member of [ben, cal]) await groups.addMember(created.id, member.id);
  // Tuesdays at 7 PM through March 2026: March 3 is before the spring change, March 10 after it.
  const meeting = (await groups.addMeeting(
    created.id,
    weeklyPlan(
      { day: 'Tuesday', time: '19:00:00', location: 'Marston 101' },
      { title: 'Exam 1 review', startDate: '2026-03-03', endDate: '2026-03-31' },
    ),
  ))!;
  const group = (await groups.findById(created.id))!;
  const preferences = new InMemoryNotificationPreferences();
  const push = new RecordingPushSender();
  const jobs = new RecordingJobQueue();
  const errors: unknown[] = [];
  const reminders = new MeetingReminders(jobs, clock, (error) => errors.push(error));
  const remind = new RemindMeeting(groups, new NoticeDelivery(preferences, push, new RecordingDigestInbox(), clock), jobs, clock);
  const answerMeeting = new AnswerMeeting(groups, new RecordingGroupChanges(), clock, reminders);
  const answer = (student: { id: UserId }, going: boolean | null, date: string | null = null) =>
    answerMeeting.execute({ actingUserId: student.id, groupId: group.id, meetingId: meeting.id, date, going });
  /** The reminder jobs queued, as (data, key, start). */
  const queued = () =>
    jobs.sent
      .filter((job) => job.queue === MEETING_REMINDERS_QUEUE)
      .map((job) => ({ data: job.data as MeetingReminderJob, key: job.options?.key, startAfter: job.options?.startAfter?.toISOString() }));
  const jobFor = (date: string, time = '19:00:00'): MeetingReminderJob => ({ groupId: group.id, meetingId: meeting.id, date, time });
  return { users, groups, group, meeting, ana, ben, cal, dan, preferences, push, jobs, errors, reminders, remind, answer, queued, jobFor };
}

describe('meeting reminders', () => {
  let w: Awaited<ReturnType<typeof world>>;
  beforeEach(async () => {
    w = await world();
  });

  it('pushes the members going, an hour before, titled with the group; not those not going, nor a non-member', async () => {
    await w.answer(w.ben, true);
    await w.answer(w.cal, false);
    // Dan is no member: an answer of his (left behind however it came) tells him nothing.
    await w.groups.answerMeeting(w.group.id, w.meeting.id, w.dan.id, null, true);
    const key = `reminder:${w.meeting.id}:2026-03-03T19:00:00`;
    expect(w.queued()).toEqual([{ data: w.jobFor('2026-03-03'), key, startAfter: '2026-03-03T23:00:00.000Z' }]);
    // Another going student: the same job (keyed), not a second.
    await w.answer(w.ana, true);
    await w.answer(w.ana, null);
    expect(w.queued()).toHaveLength(1);

    setNow('2026-03-03T23:00:00Z');
    expect(await w.remind.execute(w.jobFor('2026-03-03'))).toMatchObject({ pushed: 1, failed: 0 });
    expect(w.push.sent).toEqual([
      {
        userId: w.ben.id,
        message: {
          title: 'Exam 1 Crammers',
          body: 'Starts in 1 hour: Exam 1 review, Tue Mar 3 at 7:00 PM, Marston 101',
          url: `/study-group/${w.group.id}`,
          tag: key,
        },
        key,
      },
    ]);
  });

  it("plans a weekly meeting's next occurrence when one runs (6 PM EDT: 22:00Z), and an occurrence's own answer overrides the series", async () => {
    await w.answer(w.ben, true);
    await w.answer(w.ben, false, '2026-03-10');
    setNow('2026-03-03T23:00:00Z');
    await w.remind.execute(w.jobFor('2026-03-03'));
    // Run twice (a retry): still one push and one next job.
    await w.remind.execute(w.jobFor('2026-03-03'));
    expect(w.push.sent).toHaveLength(1);
    expect(w.queued().map((job) => [job.data.date, job.startAfter])).toEqual([
      ['2026-03-03', '2026-03-03T23:00:00.000Z'],
      ['2026-03-10', '2026-03-10T22:00:00.000Z'],
    ]);
    setNow('2026-03-10T22:00:00Z');
    expect(await w.remind.execute(w.jobFor('2026-03-10'))).toMatchObject({ pushed: 0 });
    expect(w.push.sent).toHaveLength(1);
    expect(w.queued().at(-1)?.data.date).toBe('2026-03-17');
  });

  it('a moved meeting plans its new time; the old job tells nobody and plans nothing', async () => {
    await w.answer(w.ben, true);
    const moved = (await w.groups.updateMeeting(w.group.id, w.meeting.id, { ...w.meeting, time: '20:00:00' }))!;
    const told: string[] = [];
    const news: MeetingNews = { changed: async (_group, _actor, change) => void told.push(change) };
    await withReminders(news, w.reminders).changed(w.group, w.ana.id, 'changed', moved);
    expect(told).toEqual(['changed']);
    expect(w.queued().map((job) => job.key)).toEqual([
      `reminder:${w.meeting.id}:2026-03-03T19:00:00`,
      `reminder:${w.meeting.id}:2026-03-03T20:00:00`,
    ]);
    expect(w.queued()[1].startAfter).toBe('2026-03-04T00:00:00.000Z');

    setNow('2026-03-03T23:00:00Z');
    expect(await w.remind.execute(w.jobFor('2026-03-03'))).toBeNull();
    expect(w.push.sent).toEqual([]);
    expect(w.queued()).toHaveLength(2);
    // A cancelled meeting plans nothing (its news is still told).
    await withReminders(news, w.reminders).changed(w.group, w.ana.id, 'cancelled', moved);
    expect(told).toEqual(['changed', 'cancelled']);
    expect(w.queued()).toHaveLength(2);
  });

  it('tells nobody of a cancelled date or a deleted meeting; a cancelled date still plans the next', async () => {
    await w.answer(w.ben, true);
    await w.groups.setOccurrenceCancelled(w.group.id, w.meeting.id, '2026-03-03', true);
    setNow('2026-03-03T23:00:00Z');
    expect(await w.remind.execute(w.jobFor('2026-03-03'))).toBeNull();
    expect(w.queued().at(-1)?.data.date).toBe('2026-03-10');
    await w.groups.deleteMeeting(w.group.id, w.meeting.id);
    setNow('2026-03-10T22:00:00Z');
    expect(await w.remind.execute(w.jobFor('2026-03-10'))).toBeNull();
    expect(w.push.sent).toEqual([]);
    expect(w.queued()).toHaveLength(2);
  });

  it('holds it in quiet hours only when they end before the meeting starts', async () => {
    await w.answer(w.ben, true);
    await w.answer(w.cal, true);
    // Ben's end (9 PM) is after the 7 PM start: no reminder. Cal's (6:30 PM) is before it: then.
    await w.preferences.save(w.ben.id, { ...defaultPreferences(), quietHours: { start: '17:00', end: '21:00' } });
    await w.preferences.save(w.cal.id, { ...defaultPreferences(), quietHours: { start: '17:00', end: '18:30' } });
    setNow('2026-03-03T23:00:00Z');
    expect(await w.remind.execute(w.jobFor('2026-03-03'))).toMatchObject({ pushed: 0 });
    expect(w.push.sent).toEqual([]);
    const held = w.queued().filter((job) => job.key?.includes(':after:'));
    expect(held).toEqual([
      {
        data: { ...w.jobFor('2026-03-03'), to: [w.cal.id] },
        key: `reminder:${w.meeting.id}:2026-03-03T19:00:00:after:${Date.parse('2026-03-03T23:30:00Z')}`,
        startAfter: '2026-03-03T23:30:00.000Z',
      },
    ]);
    // The held job is Cal's alone, even for Ben with his quiet hours since turned off.
    await w.preferences.save(w.ben.id, defaultPreferences());
    setNow('2026-03-03T23:30:00Z');
    await w.remind.execute(held[0].data);
    expect(w.push.sent.map((sent) => [sent.userId, sent.message.body])).toEqual([
      [w.cal.id, 'Starts in 1 hour: Exam 1 review, Tue Mar 3 at 7:00 PM, Marston 101'],
    ]);
  });

  it('runs again when a device could not be reached, after planning the next; a job run after the start tells nobody', async () => {
    await w.answer(w.ben, true);
    setNow('2026-03-03T23:00:00Z');
    w.push.failNext = 1;
    await expect(w.remind.execute(w.jobFor('2026-03-03'))).rejects.toBeInstanceOf(DevicesUnreachableError);
    expect(w.queued().at(-1)?.data.date).toBe('2026-03-10');
    await w.remind.execute(w.jobFor('2026-03-03'));
    expect(w.push.sent).toHaveLength(1);

    setNow('2026-03-11T00:05:00Z');
    expect(await w.remind.execute(w.jobFor('2026-03-10'))).toBeNull();
    expect(w.push.sent).toHaveLength(1);
  });

  it('an answer stands when its reminder cannot be queued (the error is told)', async () => {
    w.jobs.failNext = true;
    await expect(w.answer(w.ben, true)).resolves.toMatchObject({ going: true });
    expect(w.errors).toHaveLength(1);
    expect(w.queued()).toEqual([]);
  });
});
