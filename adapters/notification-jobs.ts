// The notifications' background work, wired (issue 26): the job queue
// (pg-boss on the app's database, decision 0112), what queues a room's batch
// when a message is posted, a group's events, a meeting's reminders, the mail
// digests, and the worker that runs them: inside each app server by default,
// or in its own process (`npm run worker`, with NOTIFICATION_WORKER=false on
// the app servers).
import type { DependencyContainer } from 'tsyringe';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { NotifyRoom, ROOM_MESSAGES_QUEUE, RoomNotices, type RoomMessagesJob } from '@application/notifications/room-notifications';
import {
  GROUP_EVENTS_QUEUE,
  GroupEvents,
  MeetingNotices,
  NotifyGroupEvent,
  type GroupEventJob,
  type MeetingNews,
} from '@application/notifications/group-events';
import {
  MEETING_REMINDERS_QUEUE,
  MeetingReminders,
  RemindMeeting,
  withReminders,
  type MeetingReminderJob,
} from '@application/notifications/meeting-reminders';
import { NoticeDelivery } from '@application/notifications/notice-delivery';
import { MAIL_DIGEST_QUEUE, MailDigests, SendDigest, type MailDigestJob } from '@application/notifications/mail-digests';
import { RoomMailNews } from '@application/notifications/room-mail-news';
import type { DigestStore } from '@application/ports/digest-store';
import type { MailDigestInbox } from '@application/ports/mail-digest-inbox';
import type { DigestMailer } from '@application/ports/mailer';
import { TOKENS, tokensOf, type Token } from '@application/ports/tokens';
import { PgBossJobQueue } from '@adapters/jobs/pg-boss-job-queue';
import { KnexDigestStore } from '@adapters/postgres/knex-digest-store';
import { KnexRoomNotificationState } from '@adapters/postgres/knex-room-notification-state';
import type { AppConfig } from './config';
import { register, type Resolve } from './register';

/** Every queue the notifications use (the metrics watch each). */
export const NOTIFICATION_QUEUES = [ROOM_MESSAGES_QUEUE, GROUP_EVENTS_QUEUE, MEETING_REMINDERS_QUEUE, MAIL_DIGEST_QUEUE] as const;

interface NotificationJobs {
  JobQueue: PgBossJobQueue;
  RoomNotices: RoomNotices;
  NotifyRoom: NotifyRoom;
  DigestStore: DigestStore;
  MailDigestInbox: MailDigestInbox;
  SendDigest: SendDigest;
  NoticeDelivery: NoticeDelivery;
  GroupEvents: GroupEvents;
  NotifyGroupEvent: NotifyGroupEvent;
  MeetingNews: MeetingNews;
  MeetingReminders: MeetingReminders;
  RemindMeeting: RemindMeeting;
}

export const NOTIFICATION_JOBS = tokensOf<NotificationJobs>()([
  'JobQueue',
  'RoomNotices',
  'NotifyRoom',
  'DigestStore',
  'MailDigestInbox',
  'SendDigest',
  'NoticeDelivery',
  'GroupEvents',
  'NotifyGroupEvent',
  'MeetingNews',
  'MeetingReminders',
  'RemindMeeting',
]);

/** `mailer`: one that rejects when the mail was not taken (not the background one), so a digest's job runs again. */
export function registerNotificationJobs<M extends DigestMailer>(
  c: DependencyContainer,
  config: AppConfig,
  logger: Logger,
  db: Token<Knex>,
  mailer: Token<M>,
): void {
  const log = logger.child({ component: 'notifications' });
  register(c, NOTIFICATION_JOBS.JobQueue, (r) => new PgBossJobQueue(r(db), { onError: (err) => log.warn({ err }, 'job queue error') }));
  register(c, TOKENS.JobQueue, (r) => r(NOTIFICATION_JOBS.JobQueue));
  register(c, TOKENS.RoomNotificationState, (r) => new KnexRoomNotificationState(r(db)));
  register(
    c,
    NOTIFICATION_JOBS.RoomNotices,
    (r) =>
      new RoomNotices(r(TOKENS.JobQueue), config.notifications.gatherMs, r(TOKENS.Clock), (err) =>
        log.warn({ err }, "a room's notification batch could not be queued; the message is posted"),
      ),
  );
  register(
    c,
    NOTIFICATION_JOBS.NotifyRoom,
    (r) =>
      new NotifyRoom(
        r(TOKENS.RoomNotificationState),
        r(TOKENS.ChatLog),
        r(TOKENS.NotificationPreferences),
        r(TOKENS.PushSender),
        r(TOKENS.JobQueue),
        r(TOKENS.Clock),
        r(TOKENS.Telemetry),
        new RoomMailNews(
          r(TOKENS.RoomNotificationState),
          r(TOKENS.NotificationPreferences),
          r(NOTIFICATION_JOBS.MailDigestInbox),
          r(TOKENS.Clock),
        ),
      ),
  );
  registerMailDigests(c, config, db, mailer);
  registerGroupEvents(c, log);
}

function registerMailDigests<M extends DigestMailer>(c: DependencyContainer, config: AppConfig, db: Token<Knex>, mailer: Token<M>): void {
  register(c, NOTIFICATION_JOBS.DigestStore, (r) => new KnexDigestStore(r(db)));
  register(
    c,
    NOTIFICATION_JOBS.MailDigestInbox,
    (r) =>
      new MailDigests(
        r(NOTIFICATION_JOBS.DigestStore),
        r(TOKENS.NotificationPreferences),
        r(TOKENS.JobQueue),
        r(TOKENS.Clock),
        r(TOKENS.UserRepository),
      ),
  );
  register(
    c,
    NOTIFICATION_JOBS.SendDigest,
    (r) =>
      new SendDigest(
        r(NOTIFICATION_JOBS.DigestStore),
        r(TOKENS.UserRepository),
        r(TOKENS.NotificationPreferences),
        r(mailer),
        { publicUrl: config.accounts.publicUrl, unsubscribe: r(TOKENS.UnsubscribeLinks) },
        r(TOKENS.JobQueue),
        r(TOKENS.Clock),
        r(TOKENS.Telemetry),
      ),
  );
}

function registerGroupEvents(c: DependencyContainer, log: Logger): void {
  register(
    c,
    NOTIFICATION_JOBS.NoticeDelivery,
    (r) =>
      new NoticeDelivery(
        r(TOKENS.NotificationPreferences),
        r(TOKENS.PushSender),
        r(NOTIFICATION_JOBS.MailDigestInbox),
        r(TOKENS.Clock),
        r(TOKENS.Telemetry),
      ),
  );
  register(
    c,
    NOTIFICATION_JOBS.GroupEvents,
    (r) =>
      new GroupEvents(r(TOKENS.JobQueue), r(TOKENS.Clock), (err) =>
        log.warn({ err }, 'a group event could not be queued; the change stands'),
      ),
  );
  register(
    c,
    NOTIFICATION_JOBS.NotifyGroupEvent,
    (r) =>
      new NotifyGroupEvent(
        r(TOKENS.StudyGroupRepository),
        r(TOKENS.UserRepository),
        r(NOTIFICATION_JOBS.NoticeDelivery),
        r(TOKENS.JobQueue),
      ),
  );
  register(c, NOTIFICATION_JOBS.MeetingNews, (r) =>
    withReminders(new MeetingNotices(r(NOTIFICATION_JOBS.GroupEvents)), r(NOTIFICATION_JOBS.MeetingReminders)),
  );
  register(
    c,
    NOTIFICATION_JOBS.MeetingReminders,
    (r) =>
      new MeetingReminders(r(TOKENS.JobQueue), r(TOKENS.Clock), (err) =>
        log.warn({ err }, "a meeting's reminder could not be queued; the change or answer stands"),
      ),
  );
  register(
    c,
    NOTIFICATION_JOBS.RemindMeeting,
    (r) => new RemindMeeting(r(TOKENS.StudyGroupRepository), r(NOTIFICATION_JOBS.NoticeDelivery), r(TOKENS.JobQueue), r(TOKENS.Clock)),
  );
}

/** Runs the notification jobs on this process (unless NOTIFICATION_WORKER=false and `force` is not set); answers how to stop them. */
export async function startNotificationWork(
  resolve: Resolve,
  config: AppConfig,
  logger: Logger,
  force = false,
): Promise<() => Promise<void>> {
  if (!config.notifications.worker && !force) return async () => {};
  const log = logger.child({ component: 'notifications' });
  const queue = resolve(NOTIFICATION_JOBS.JobQueue);
  const notifyRoom = resolve(NOTIFICATION_JOBS.NotifyRoom);
  // Jobs run side by side, but one room's batches one after another (a second window's batch reads the first's marks).
  const oneRoomAtATime = new Map<string, Promise<unknown>>();
  await queue.work<RoomMessagesJob>(ROOM_MESSAGES_QUEUE, async ({ data }) => {
    const room = `${data.kind}:${data.id}`;
    const run = (oneRoomAtATime.get(room) ?? Promise.resolve()).catch(() => {}).then(() => notifyRoom.execute(data));
    oneRoomAtATime.set(room, run);
    try {
      const outcome = await run;
      if (outcome.pushed || outcome.deferred) log.debug({ room: data, ...outcome }, 'room batch sent');
    } finally {
      if (oneRoomAtATime.get(room) === run) oneRoomAtATime.delete(room);
    }
  });
  const notifyGroupEvent = resolve(NOTIFICATION_JOBS.NotifyGroupEvent);
  await queue.work<GroupEventJob>(GROUP_EVENTS_QUEUE, async ({ data }) => {
    await notifyGroupEvent.execute(data);
  });
  const remindMeeting = resolve(NOTIFICATION_JOBS.RemindMeeting);
  await queue.work<MeetingReminderJob>(MEETING_REMINDERS_QUEUE, async ({ data }) => {
    await remindMeeting.execute(data);
  });
  const sendDigest = resolve(NOTIFICATION_JOBS.SendDigest);
  await queue.work<MailDigestJob>(MAIL_DIGEST_QUEUE, async ({ data }) => {
    const outcome = await sendDigest.execute(data);
    log.debug({ userId: data.userId, outcome }, 'mail digest');
  });
  return () => queue.stop();
}
