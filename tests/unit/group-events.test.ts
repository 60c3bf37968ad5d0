// A group's events, from the change to what each student is told: who a
// standing change tells (domain), the lines they read, and the job that
// delivers them as the group is when it runs: by each one's choices, after
// their quiet hours (same key: once), again after a device failed (never
// twice), and to nobody when the group is gone or the news is stale.
import { describe, expect, it } from 'vitest';
import {
  GROUP_EVENTS_QUEUE,
  GroupEvents,
  MeetingNotices,
  NotifyGroupEvent,
  type GroupEventJob,
} from '@application/notifications/group-events';
import { DevicesUnreachableError, NoticeDelivery } from '@application/notifications/notice-delivery';
import { CourseId, MeetingId, StudyGroupId, UserId } from '@domain/ids';
import { defaultPreferences } from '@domain/notifications/notification-preferences';
import { eventNotice, meetingGistText, standingEvent, type MeetingGist } from '@domain/notifications/student-event';
import type { MemberProfile } from '@domain/course/course';
import type { StudyGroup } from '@domain/study-group/study-group';
import { RecordingDigestInbox } from '@tests/fakes/recording-digest-inbox';
import { InMemoryNotificationPreferences } from '@tests/fakes/in-memory-notification-preferences';
import { RecordingJobQueue } from '@tests/fakes/recording-job-queue';
import { RecordingPushSender } from '@tests/fakes/recording-push-sender';

const GROUP_ID = StudyGroupId(34);
const [OWNER, MEMBER, ASKER] = [UserId(1), UserId(2), UserId(3)];
const profile = (id: UserId, username: string) => ({ id, username }) as MemberProfile;
const WEEKLY: MeetingGist = {
  kind: 'weekly',
  title: '',
  day: 'Monday',
  time: '18:30:00',
  location: 'Marston 101',
  startDate: '2026-12-07',
};

function groupOf(members: UserId[]): StudyGroup {
  const names: Record<number, string> = { 1: 'olga', 2: 'mia', 3: 'ari' };
  return {
    id: GROUP_ID,
    courseId: CourseId(12),
    name: 'Night owls',
    description: '',
    isPublic: false,
    owner: profile(OWNER, 'olga'),
    members: members.map((id) => profile(id, names[id])),
    meetings: [],
    maxMembers: 10,
  };
}

function world(startAt = '2026-12-02T17:00:00Z') {
  const now = Date.parse(startAt);
  let group: StudyGroup | null = groupOf([OWNER, MEMBER]);
  const preferences = new InMemoryNotificationPreferences();
  const push = new RecordingPushSender();
  const jobs = new RecordingJobQueue();
  const digests = new RecordingDigestInbox();
  const delivery = new NoticeDelivery(preferences, push, digests, () => now);
  const notify = new NotifyGroupEvent(
    { findById: async () => group },
    { findById: async (id) => (id === ASKER ? ({ id, username: 'ari' } as never) : null) },
    delivery,
    jobs,
  );
  const events = new GroupEvents(jobs, () => now);
  return {
    preferences,
    push,
    jobs,
    digests,
    notify,
    events,
    setGroup: (next: StudyGroup | null) => (group = next),
    queued: () => jobs.sent.filter((job) => job.queue === GROUP_EVENTS_QUEUE).map((job) => job.data as GroupEventJob),
  };
}

describe('who a change of standing tells', () => {
  const group = { id: GROUP_ID, ownerId: OWNER };
  it('a request its owner; an invite, an accepted or declined request the student; the rest nobody', () => {
    expect(standingEvent('ask', { kind: 'request', status: 'pending' }, group, ASKER)).toEqual({
      event: { kind: 'join-request', groupId: GROUP_ID, studentId: ASKER },
      to: [OWNER],
    });
    expect(standingEvent('invite', { kind: 'invite', status: 'pending' }, group, ASKER)?.to).toEqual([ASKER]);
    expect(standingEvent('accept-request', 'join', group, ASKER)?.event).toEqual({
      kind: 'request-answer',
      groupId: GROUP_ID,
      accepted: true,
    });
    // An invite that finds the student's request waiting lets them in: an accepted request.
    expect(standingEvent('invite', 'join', group, ASKER)?.event).toMatchObject({ kind: 'request-answer', accepted: true });
    expect(standingEvent('decline-request', { kind: 'request', status: 'declined' }, group, ASKER)?.event).toMatchObject({
      accepted: false,
    });
    // Asking where an invite waited joins at once: the owner invited them, nothing to ask.
    expect(standingEvent('ask', 'join', group, ASKER)).toBeNull();
    for (const change of ['withdraw', 'cancel-invite', 'accept-invite', 'decline-invite'] as const) {
      expect(standingEvent(change, 'remove', group, ASKER)).toBeNull();
    }
  });
});

describe('what an event says', () => {
  const names = { groupName: 'Night owls', ownerName: 'olga', studentName: 'ari' };
  it('one line each, titled with the group, opening its page', () => {
    expect(eventNotice({ kind: 'join-request', groupId: GROUP_ID, studentId: ASKER }, names)).toEqual({
      kind: 'join-request',
      groupId: GROUP_ID,
      title: 'Night owls',
      body: 'ari asks to join Night owls',
      url: '/study-group/34',
    });
    expect(eventNotice({ kind: 'invite', groupId: GROUP_ID }, names).body).toBe('olga invited you to join Night owls');
    expect(eventNotice({ kind: 'request-answer', groupId: GROUP_ID, accepted: false }, names).body).toBe(
      'Your request to join Night owls was declined',
    );
    expect(eventNotice({ kind: 'meeting', groupId: GROUP_ID, change: 'new', meeting: WEEKLY }, names).body).toBe(
      'New meeting: Mondays at 6:30 PM, Marston 101',
    );
    expect(
      eventNotice({ kind: 'meeting', groupId: GROUP_ID, change: 'occurrence-cancelled', meeting: WEEKLY, date: '2026-12-14' }, names).body,
    ).toBe('Meeting cancelled: Mon Dec 14 at 6:30 PM, Marston 101');
    expect(
      eventNotice({ kind: 'meeting-reminder', groupId: GROUP_ID, meeting: WEEKLY, date: '2026-12-07', minutesBefore: 60 }, names).body,
    ).toBe('Starts in 1 hour: Mon Dec 7 at 6:30 PM, Marston 101');
  });

  it('a single meeting by its date, a title first, midnight and noon on a 12-hour clock', () => {
    expect(meetingGistText({ ...WEEKLY, kind: 'once', title: 'Exam 1 review', time: '00:05:00', startDate: '2027-01-12' })).toBe(
      'Exam 1 review, Tue Jan 12 at 12:05 AM, Marston 101',
    );
    expect(meetingGistText({ ...WEEKLY, time: '12:00:00' })).toBe('Mondays at 12:00 PM, Marston 101');
  });
});

describe('the group-events job', () => {
  it('pushes the owner a request with a mail digest entry of the same key; nothing to the student who asked', async () => {
    const w = world();
    await w.events.tell({ kind: 'join-request', groupId: GROUP_ID, studentId: ASKER }, [OWNER]);
    const [job] = w.queued();
    await w.notify.execute(job);
    expect(w.push.sent).toEqual([
      {
        userId: OWNER,
        message: { title: 'Night owls', body: 'ari asks to join Night owls', url: '/study-group/34', tag: job.key },
        key: job.key,
      },
    ]);
    expect(w.digests.added).toMatchObject([
      { userId: OWNER, entry: { key: job.key, kind: 'join-request', summary: 'ari asks to join Night owls' } },
    ]);
  });

  it("a meeting's news reaches the members but the one who acted, by their choices", async () => {
    const w = world();
    const prefs = defaultPreferences();
    prefs.kinds.meeting = { push: false, mail: true };
    await w.preferences.save(MEMBER, prefs);
    w.setGroup(groupOf([OWNER, MEMBER, ASKER]));
    await new MeetingNotices(w.events).changed(groupOf([OWNER, MEMBER, ASKER]), OWNER, 'new', {
      ...WEEKLY,
      id: MeetingId(5),
      lengthMinutes: 60,
      endDate: '2027-04-30',
      cancelledDates: [],
    });
    const [job] = w.queued();
    expect(job.to).toEqual([MEMBER, ASKER]);
    await w.notify.execute(job);
    expect(w.push.sent.map((p) => p.userId)).toEqual([ASKER]);
    expect(w.digests.added.map((d) => d.userId)).toEqual([MEMBER, ASKER]);
  });

  it('in quiet hours the push waits for their end, queued once with the same push key; then it goes', async () => {
    const w = world('2026-12-03T04:00:00Z'); // 11 PM on campus
    const prefs = defaultPreferences();
    prefs.quietHours = { start: '22:00', end: '07:00' };
    await w.preferences.save(MEMBER, prefs);
    await w.events.tell({ kind: 'meeting', groupId: GROUP_ID, change: 'changed', meeting: WEEKLY }, [MEMBER]);
    const [job] = w.queued();
    const outcome = await w.notify.execute(job);
    expect(outcome?.pushed).toBe(0);
    expect(w.push.sent).toEqual([]);
    const later = w.jobs.sent.at(-1)!;
    expect(later.options?.startAfter?.toISOString()).toBe('2026-12-03T12:00:00.000Z'); // 7 AM EST
    expect(later.data).toEqual({ ...job, to: [MEMBER] });
    // Run again (the quiet hours over: no preference now) it pushes under the event's key.
    await w.preferences.save(MEMBER, defaultPreferences());
    await w.notify.execute(later.data as GroupEventJob);
    expect(w.push.sent.map((p) => p.key)).toEqual([job.key]);
  });

  it('a device that failed has the job thrown for a retry; the retry reaches nobody twice', async () => {
    const w = world();
    w.setGroup(groupOf([OWNER, MEMBER, ASKER]));
    await w.events.tell({ kind: 'meeting', groupId: GROUP_ID, change: 'new', meeting: WEEKLY }, [MEMBER, ASKER]);
    const [job] = w.queued();
    w.push.failNext = 1;
    await expect(w.notify.execute(job)).rejects.toBeInstanceOf(DevicesUnreachableError);
    await w.notify.execute(job);
    expect(w.push.sent.map((p) => p.userId).sort()).toEqual([MEMBER, ASKER]);
  });

  it('tells nobody when the group is gone, a requester already got in, or a member left before it ran', async () => {
    const w = world();
    await w.events.tell({ kind: 'join-request', groupId: GROUP_ID, studentId: ASKER }, [OWNER]);
    await w.events.tell({ kind: 'meeting', groupId: GROUP_ID, change: 'new', meeting: WEEKLY }, [ASKER]);
    const [request, meeting] = w.queued();
    w.setGroup(groupOf([OWNER, MEMBER, ASKER]));
    expect(await w.notify.execute(request)).toMatchObject({ pushed: 0 });
    w.setGroup(groupOf([OWNER, MEMBER]));
    expect(await w.notify.execute(meeting)).toMatchObject({ pushed: 0 });
    w.setGroup(null);
    expect(await w.notify.execute(meeting)).toBeNull();
    expect(w.push.sent).toEqual([]);
  });

  it('a queue that fails does not fail the change; nobody to tell queues nothing', async () => {
    const w = world();
    const errors: unknown[] = [];
    const events = new GroupEvents(
      w.jobs,
      () => 0,
      (error) => errors.push(error),
    );
    w.jobs.failNext = true;
    await events.tell({ kind: 'invite', groupId: GROUP_ID }, [ASKER]);
    await events.tell({ kind: 'invite', groupId: GROUP_ID }, []);
    expect(errors).toHaveLength(1);
    expect(w.jobs.sent).toEqual([]);
  });
});
