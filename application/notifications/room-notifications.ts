// New chat messages reach the room's students on their devices, gathered
// (issue 26; docs/decisions/0120-room-notifications.md). A post queues its
// room's batch for the end of the current gather window, once per room and
// window however many posts and app servers there are (the job's key); the
// batch, when it runs, tells each member of what is news to them: messages
// they have neither read (an open, visible tab marks them read as they come,
// so what a student is reading is never pushed) nor been told of, by someone
// else, as their choices say (notification-preferences.ts, room-notice.ts).
// A student in quiet hours is told when they end; a device that could not be
// reached has the job run again, and each device gets each batch once (the
// push key). The mail channel's news goes to the digests (room-mail-news.ts).
import type { ChatRoom } from '@domain/chat/chat-room';
import { formatMessageId, parseMessageId, type MessageId } from '@domain/chat/message-id';
import { StudyGroupId } from '@domain/ids';
import { quietUntil } from '@domain/notifications/notification-preferences';
import { newsFrom, roomNotice, tallyNews, type NoticedRoom } from '@domain/notifications/room-notice';
import type { ChatLog } from '@application/ports/chat-log';
import { roomTopic } from '@application/ports/chat-signals';
import type { Clock } from '@application/ports/clock';
import type { JobQueue } from '@application/ports/job-queue';
import type { NotificationPreferencesStore } from '@application/ports/notification-preferences-store';
import type { PushSender } from '@application/ports/push-sender';
import type { RoomNotificationState } from '@application/ports/room-notification-state';
import { NO_TELEMETRY, type Telemetry } from '@application/ports/telemetry';
import { withQuotes } from '@application/chat/reply-quotes';
import { DevicesUnreachableError } from './notice-delivery';
import { eachAtMost, STUDENTS_AT_ONCE } from '@application/shared/each-at-most';
import type { RoomMailNews } from './room-mail-news';

export const ROOM_MESSAGES_QUEUE = 'room-messages';

/** A room's batch: the job's data. */
export interface RoomMessagesJob {
  kind: ChatRoom['kind'];
  id: number;
}

/** The newest messages a batch looks at: it counts at most these. */
const NEWS_LIMIT = 100;
/** Messages older than this are no news to anyone (a student back after a week is not pushed last week). */
const NEWS_MAX_AGE_MS = 24 * 3600_000;
/** Windows remembered per server, so a busy room's posts write the job once per window here, not once per post. */
const REMEMBERED_WINDOWS = 10_000;

/** A room's offset into the gather window, 0..gatherMs-1, the same on every server (FNV-1a of its topic). */
export function phaseOf(topic: string, gatherMs: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < topic.length; i += 1) hash = Math.imul(hash ^ topic.charCodeAt(i), 0x01000193) >>> 0;
  return hash % gatherMs;
}

/** Queues a room's batch when one of its messages is posted. */
export class RoomNotices {
  // Per room, the last window this server queued a batch for.
  private readonly queued = new Map<string, number>();

  constructor(
    private readonly jobs: JobQueue,
    private readonly gatherMs: number,
    private readonly now: Clock,
    /** Told when the batch could not be queued; the message stays posted (a lost batch costs a notification, never a message). */
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  async messagePosted(room: ChatRoom): Promise<void> {
    // No window: this server queues no room notifications (NOTIFY_GATHER_SECONDS=0).
    if (this.gatherMs <= 0) return;
    const topic = roomTopic(room);
    // Each room's windows are shifted by a phase of its own, so rooms' batches come due spread over the
    // window rather than all at the same instant.
    const phase = phaseOf(topic, this.gatherMs);
    const window = Math.floor((this.now() - phase) / this.gatherMs);
    if (this.queued.get(topic) === window) return;
    this.queued.set(topic, window);
    if (this.queued.size > REMEMBERED_WINDOWS) this.queued.delete(this.queued.keys().next().value!);
    const job: RoomMessagesJob = { kind: room.kind, id: room.id };
    try {
      await this.jobs.send(ROOM_MESSAGES_QUEUE, job, {
        key: `${topic}:${window}`,
        startAfter: new Date((window + 1) * this.gatherMs + phase),
      });
    } catch (error) {
      this.queued.delete(topic);
      this.onError(error);
    }
  }
}

/** What one batch did: students pushed, those it waits for (quiet hours), those whose devices failed. */
export interface RoomBatchOutcome {
  pushed: number;
  deferred: number;
  failed: number;
}

/** Runs a room's batch (the job's handler). */
export class NotifyRoom {
  constructor(
    private readonly state: RoomNotificationState,
    private readonly log: ChatLog,
    private readonly preferences: NotificationPreferencesStore,
    private readonly push: PushSender,
    private readonly jobs: JobQueue,
    private readonly now: Clock,
    private readonly telemetry: Telemetry = NO_TELEMETRY,
    /** The mail channel's side of the batch (none in the push side's unit tests). */
    private readonly mail?: RoomMailNews,
  ) {}

  async execute(job: RoomMessagesJob): Promise<RoomBatchOutcome> {
    const outcome: RoomBatchOutcome = { pushed: 0, deferred: 0, failed: 0 };
    const room: ChatRoom = { kind: job.kind, id: job.id };
    const notified = await this.state.readersOf(room, 'push');
    if (!notified || notified.readers.length === 0) return outcome;
    const latest = await this.log.latest(room, NEWS_LIMIT);
    const newest = latest.length ? parseMessageId(latest.at(-1)!.id) : null;
    if (!newest) return outcome;
    const messages = await withQuotes(this.log, room, latest);
    const now = this.now();
    const floor: MessageId = { ms: now - NEWS_MAX_AGE_MS, seq: 0 };
    const noticed: NoticedRoom = {
      kind: room.kind,
      name: notified.name,
      ...(room.kind === 'group' ? { groupId: StudyGroupId(room.id) } : {}),
    };
    // Mail first: a batch that throws for an unreachable device has still given every digest its entry.
    await this.mail?.tell(room, noticed, messages, newest, floor);
    const prefsOf = await this.preferences.getMany(notified.readers.map((reader) => reader.userId));
    const topic = roomTopic(room);
    const quietEnds = new Set<number>();
    await eachAtMost(notified.readers, STUDENTS_AT_ONCE, async (reader) => {
      const joined: MessageId = { ms: reader.joinedAt.getTime() - 1, seq: 2_147_483_647 };
      const from = newsFrom(floor, joined, reader.lastRead, reader.notifiedThrough);
      const prefs = prefsOf.get(reader.userId);
      const line = prefs && roomNotice(prefs, noticed, tallyNews(messages, { id: reader.userId, username: reader.username }, from), 'push');
      // Nothing to say: no mark is written (most of a course's students, most of the time).
      if (!prefs || !line) return;
      const quietEnd = quietUntil(prefs, new Date(now));
      if (quietEnd) {
        quietEnds.add(quietEnd.getTime());
        outcome.deferred += 1;
        this.telemetry.record({ kind: 'notification', channel: 'push', outcome: 'deferred' });
        return;
      }
      const sent = await this.push.send(
        reader.userId,
        { title: notified.name, body: line, url: notified.url, tag: topic },
        `${topic}:${formatMessageId(newest)}`,
      );
      if (sent.failed > 0) {
        outcome.failed += 1;
        this.telemetry.record({ kind: 'notification', channel: 'push', outcome: 'failed' });
        return;
      }
      // A student without devices gets no mark either: nothing reached them to be sent twice.
      if (sent.sent === 0) return;
      await this.state.markNotified(reader.userId, room, 'push', newest);
      outcome.pushed += 1;
      this.telemetry.record({ kind: 'notification', channel: 'push', outcome: 'sent' });
    });
    // The room again when each quiet window ends (once per room and end, however many batches wait for it).
    for (const at of quietEnds) await this.jobs.send(ROOM_MESSAGES_QUEUE, job, { key: `${topic}:after:${at}`, startAfter: new Date(at) });
    if (outcome.failed > 0) throw new DevicesUnreachableError(outcome.failed);
    return outcome;
  }
}
