// A room's notification batch, by the clock the test moves: who is told what,
// quiet hours held to their end (across the spring daylight-saving change),
// a device that fails has the batch run again and each device gets it once,
// old messages and messages from before joining are no news; and the posting
// side queues one batch per room and window.
import { describe, expect, it } from 'vitest';
import { DevicesUnreachableError } from '@application/notifications/notice-delivery';
import { NotifyRoom, phaseOf, ROOM_MESSAGES_QUEUE, RoomNotices } from '@application/notifications/room-notifications';
import { RoomMailNews } from '@application/notifications/room-mail-news';
import { RecordingDigestInbox } from '@tests/fakes/recording-digest-inbox';
import type { ChatRoom } from '@domain/chat/chat-room';
import { UserId } from '@domain/ids';
import { defaultPreferences } from '@domain/notifications/notification-preferences';
import { InMemoryChatLog } from '@tests/fakes/in-memory-chat-log';
import { InMemoryNotificationPreferences } from '@tests/fakes/in-memory-notification-preferences';
import { InMemoryRoomNotificationState } from '@tests/fakes/in-memory-room-notification-state';
import { RecordingJobQueue } from '@tests/fakes/recording-job-queue';
import { RecordingPushSender } from '@tests/fakes/recording-push-sender';
import { parseMessageId } from '@domain/chat/message-id';

const GROUP: ChatRoom = { kind: 'group', id: 34 };
const [ANA, BEN] = [UserId(1), UserId(2)];

function world(startAt: string) {
  let now = Date.parse(startAt);
  const clock = () => now;
  const state = new InMemoryRoomNotificationState();
  const log = new InMemoryChatLog(clock);
  const preferences = new InMemoryNotificationPreferences();
  const push = new RecordingPushSender();
  const jobs = new RecordingJobQueue();
  const joinedAt = new Date(now - 3600_000);
  state.addRoom(GROUP, 'Exam 1 Crammers', [
    { userId: ANA, username: 'ana', joinedAt },
    { userId: BEN, username: 'ben', joinedAt },
  ]);
  const notify = new NotifyRoom(state, log, preferences, push, jobs, clock);
  const post = async (userId: UserId, message: string) =>
    (await log.append(GROUP, { userId, username: userId === ANA ? 'ana' : 'ben', message })).message;
  return {
    state,
    log,
    preferences,
    push,
    jobs,
    notify,
    post,
    run: () => notify.execute({ kind: 'group', id: 34 }),
    setNow: (iso: string) => (now = Date.parse(iso)),
  };
}

describe('a room batch', () => {
  it('tells each member of the news once, never of their own messages or of what they read', async () => {
    const w = world('2026-10-14T15:00:00Z');
    await w.post(ANA, 'hi');
    const last = await w.post(ANA, '@ben 2b?');
    expect(await w.run()).toEqual({ pushed: 1, deferred: 0, failed: 0 });
    expect(w.push.sent).toEqual([
      {
        userId: BEN,
        message: {
          title: 'Exam 1 Crammers',
          body: '2 new messages in Exam 1 Crammers, 1 mentions you',
          url: '/study-group/34',
          tag: 'group:34',
        },
        key: `group:34:${last.id}`,
      },
    ]);
    expect(w.state.notifiedThrough(BEN, GROUP, 'push')).toEqual(parseMessageId(last.id));
    expect(await w.run()).toEqual({ pushed: 0, deferred: 0, failed: 0 });
    const read = await w.post(ANA, 'read at once');
    w.state.markRead(BEN, GROUP, parseMessageId(read.id)!);
    expect(await w.run()).toEqual({ pushed: 0, deferred: 0, failed: 0 });
    expect(w.push.sent).toHaveLength(1);
  });

  it('holds news in quiet hours until they end, on the campus clock across the spring change', async () => {
    // 23:30 EST on Saturday 7 March 2026; clocks spring forward at 2 AM, so 7 AM is 11:00Z.
    const w = world('2026-03-08T04:30:00Z');
    await w.preferences.save(BEN, { ...defaultPreferences(), quietHours: { start: '22:00', end: '07:00' } });
    await w.post(ANA, 'late question');
    expect(await w.run()).toEqual({ pushed: 0, deferred: 1, failed: 0 });
    expect(w.push.sent).toEqual([]);
    expect(w.jobs.sent).toEqual([
      {
        queue: ROOM_MESSAGES_QUEUE,
        data: { kind: 'group', id: 34 },
        options: { key: `group:34:after:${Date.parse('2026-03-08T11:00:00Z')}`, startAfter: new Date('2026-03-08T11:00:00Z') },
      },
    ]);
    // Another batch in the night waits for the same end: one job.
    await w.post(ANA, 'anyone?');
    await w.run();
    expect(w.jobs.sent).toHaveLength(1);
    w.setNow('2026-03-08T11:00:00Z');
    expect(await w.run()).toEqual({ pushed: 1, deferred: 0, failed: 0 });
    expect(w.push.sent.map((p) => p.message.body)).toEqual(['2 new messages in Exam 1 Crammers']);
  });

  it('runs again when a device could not be reached, and reaches it once', async () => {
    const w = world('2026-10-14T15:00:00Z');
    await w.post(ANA, 'meeting moved');
    w.push.failNext = 1;
    await expect(w.run()).rejects.toBeInstanceOf(DevicesUnreachableError);
    expect(w.state.notifiedThrough(BEN, GROUP, 'push')).toBeNull();
    expect(await w.run()).toEqual({ pushed: 1, deferred: 0, failed: 0 });
    expect(await w.run()).toEqual({ pushed: 0, deferred: 0, failed: 0 });
    expect(w.push.sent).toHaveLength(1);
  });

  it('counts nothing older than a day, nor from before the student joined', async () => {
    const w = world('2026-10-14T15:00:00Z');
    await w.post(ANA, 'before Ben joined');
    w.state.addRoom(GROUP, 'Exam 1 Crammers', [
      { userId: ANA, username: 'ana', joinedAt: new Date('2026-10-01T00:00:00Z') },
      { userId: BEN, username: 'ben', joinedAt: new Date('2026-10-14T15:30:00Z') },
    ]);
    w.setNow('2026-10-14T16:00:00Z');
    expect(await w.run()).toEqual({ pushed: 0, deferred: 0, failed: 0 });
    await w.post(BEN, 'hello all');
    w.setNow('2026-10-16T16:00:00Z');
    expect(await w.run()).toEqual({ pushed: 0, deferred: 0, failed: 0 });
    expect(w.push.sent).toEqual([]);
  });

  it('a muted group tells only of mentions and replies to the student', async () => {
    const w = world('2026-10-14T15:00:00Z');
    await w.preferences.save(BEN, { ...defaultPreferences(), mutedGroups: [GROUP.id] } as never);
    const bens = await w.post(BEN, 'who has the notes?');
    await w.post(ANA, 'not me');
    await w.log.append(GROUP, { userId: ANA, username: 'ana', message: 'I do', replyTo: bens.id });
    await w.run();
    // Ana has not muted the group: Ben's question is news to her.
    expect(w.push.sent.map((p) => [p.userId, p.message.body])).toEqual([
      [ANA, '1 new message in Exam 1 Crammers'],
      [BEN, '1 new message in Exam 1 Crammers'],
    ]);
  });
});

describe("a room batch's mail side", () => {
  it('gives each member a digest entry with the news quoted, once; a muted group only what is about them', async () => {
    const w = world('2026-10-14T15:00:00Z');
    const inbox = new RecordingDigestInbox();
    const added = inbox.added;
    const mail = new RoomMailNews(w.state, w.preferences, inbox, () => Date.parse('2026-10-14T15:00:00Z'));
    const notify = new NotifyRoom(w.state, w.log, w.preferences, w.push, w.jobs, () => Date.parse('2026-10-14T15:00:00Z'), undefined, mail);
    await w.post(ANA, 'Library <5 PM> & snacks');
    const last = await w.post(ANA, '@ben 2b?');
    await notify.execute({ kind: 'group', id: 34 });
    expect(added).toEqual([
      {
        userId: BEN,
        entry: {
          key: `group:34:${last.id}`,
          kind: 'group-message',
          groupId: 34,
          title: 'Exam 1 Crammers',
          summary: '2 new messages in Exam 1 Crammers, 1 mentions you',
          quotes: [
            { author: 'ana', text: 'Library <5 PM> & snacks' },
            { author: 'ana', text: '@ben 2b?' },
          ],
          url: '/study-group/34',
          at: new Date('2026-10-14T15:00:00Z'),
        },
      },
    ]);
    expect(w.state.notifiedThrough(BEN, GROUP, 'mail')).toEqual(parseMessageId(last.id));
    await notify.execute({ kind: 'group', id: 34 });
    expect(added).toHaveLength(1);
    await w.preferences.save(BEN, { ...defaultPreferences(), mutedGroups: [GROUP.id] } as never);
    await w.post(ANA, 'room changed');
    await w.post(ANA, '@ben bring the slides');
    await notify.execute({ kind: 'group', id: 34 });
    expect(added.slice(1).map(({ entry }) => [entry.kind, entry.summary, entry.quotes])).toEqual([
      ['mention', '1 new message in Exam 1 Crammers, 1 mentions you', [{ author: 'ana', text: '@ben bring the slides' }]],
    ]);
  });
});

describe('queuing batches as messages are posted', () => {
  it('queues one batch per room and gather window, at its end; a failure is told, not thrown, and tried again', async () => {
    let now = Date.parse('2026-10-14T15:00:10Z');
    const jobs = new RecordingJobQueue();
    const errors: unknown[] = [];
    const notices = new RoomNotices(
      jobs,
      60_000,
      () => now,
      (error) => errors.push(error),
    );
    const endOf = (topic: string) => {
      const phase = phaseOf(topic, 60_000);
      return { window: Math.floor((now - phase) / 60_000), at: (Math.floor((now - phase) / 60_000) + 1) * 60_000 + phase };
    };
    const group = endOf('group:34');
    const course = endOf('course:12');
    await notices.messagePosted(GROUP);
    await notices.messagePosted(GROUP);
    await notices.messagePosted({ kind: 'course', id: 12 });
    expect(jobs.sent.map((job) => [job.options?.key, job.options?.startAfter?.getTime()])).toEqual([
      [`group:34:${group.window}`, group.at],
      [`course:12:${course.window}`, course.at],
    ]);
    // Within the window to come: at most a window after the post.
    for (const at of [group.at, course.at]) expect(at - now).toBeGreaterThan(0);
    for (const at of [group.at, course.at]) expect(at - now).toBeLessThanOrEqual(60_000);
    now += 60_000;
    jobs.failNext = true;
    await notices.messagePosted(GROUP);
    expect(errors).toHaveLength(1);
    await notices.messagePosted(GROUP);
    expect(jobs.sent.map((job) => job.options?.startAfter?.getTime())).toEqual([group.at, course.at, group.at + 60_000]);
  });

  it("spreads rooms' batches over the window instead of one instant", async () => {
    const now = Date.parse('2026-10-14T15:00:10Z');
    const jobs = new RecordingJobQueue();
    const notices = new RoomNotices(jobs, 120_000, () => now);
    for (let id = 1; id <= 100; id += 1) await notices.messagePosted({ kind: 'group', id });
    const ends = jobs.sent.map((job) => job.options!.startAfter!.getTime());
    expect(ends).toHaveLength(100);
    expect(new Set(ends).size).toBeGreaterThan(90);
    expect(Math.max(...ends) - Math.min(...ends)).toBeGreaterThan(100_000);
  });
});
