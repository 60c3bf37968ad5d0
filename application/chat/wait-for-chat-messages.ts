import { MESSAGES_AFTER_LIMIT, type ChatMessage } from '@domain/chat/chat-message';
import { MAX_WATCHED_ROOMS, type ChatRoom } from '@domain/chat/chat-room';
import type { UserId } from '@domain/ids';
import type { ChatLog } from '@application/ports/chat-log';
import type { ChatRoomAccess } from '@application/ports/chat-room-access';
import { courseGroupsTopic, groupPageTopic, roomTopic, studentTopic, type ChatSignals } from '@application/ports/chat-signals';
import type { Clock } from '@application/ports/clock';
import type { MessageAuthors } from '@application/ports/message-authors';
import { withAuthors } from './message-authors';
import { SharedLookups, withQuotes } from './reply-quotes';
import { parseCursor } from './read-chat-messages';
import { requireRoomMember } from './room-membership';

/**
 * The deadline of a wait of `waitMs`: a random point in its last tenth. Polls
 * that started together (a reconnect after a restart, a class opening the
 * chat at 9:00) would otherwise time out together and come back together,
 * every cycle; spread this way, the crowd disperses within a few cycles.
 * "Up to wait seconds" allows it.
 */
export function waitDeadline(now: number, waitMs: number, random: () => number = Math.random): number {
  return now + waitMs * (0.9 + 0.1 * random());
}

export interface WaitForChatMessagesCommand {
  /** The signed-in student, from the session. */
  actingUserId: UserId;
  room: ChatRoom;
  after: string;
  waitMs: number;
  /** Other rooms of the student whose activity ends the wait early (with no messages); rooms they are not in are ignored. */
  alsoWatch?: readonly ChatRoom[];
  /** Ends the wait as its deadline would: the client has gone, or the poll made room for a newer one. */
  signal?: AbortSignal;
}

export interface WaitResult {
  messages: ChatMessage[];
  /**
   * The student's unread marks changed: one of the other watched rooms had
   * activity, or the student marked a room read (in another tab or on another
   * device). The client refreshes its unread marks.
   */
  activity: boolean;
  /**
   * What the polled room's page shows of study groups changed (GroupChanges): a group room's own group, or one of a
   * course room's groups. The client reads the group (or the course's groups) again.
   */
  groupChanged: boolean;
}

/** The topic of what the room's page shows of study groups: a group's page, or a course's list of its groups. */
function pageTopic(room: ChatRoom): string {
  return room.kind === 'group' ? groupPageTopic(room.id) : courseGroupsTopic(room.id);
}

/**
 * The long poll: the entries after the cursor as soon as there are any, or
 * [] at the deadline. The watch is registered before the first read, so an
 * entry written between the read and the wait still wakes it. Membership is
 * checked again on every wake-up: a student removed while waiting gets the
 * refusal, never the message.
 */
export class WaitForChatMessages {
  // The waiters one message wakes look up the message it answers once.
  private readonly lookups = new SharedLookups();

  constructor(
    private readonly access: ChatRoomAccess,
    private readonly log: ChatLog,
    private readonly signals: ChatSignals,
    private readonly authors: MessageAuthors,
    private readonly now: Clock = () => Date.now(),
  ) {}

  async execute(command: WaitForChatMessagesCommand): Promise<WaitResult> {
    const { actingUserId, room } = command;
    const cursor = parseCursor(command.after);
    await requireRoomMember(this.access, actingUserId, room);
    const others = await this.usableRooms(actingUserId, room, command.alsoWatch ?? []);
    const activityTopics = new Set(others.map(roomTopic));
    const changes = pageTopic(room);
    // The student's own topic carries leaves (a removal wakes the wait at once) and their read marks from every tab and
    // device (MarkChatRead), which change their unread marks: activity, watching other rooms or not.
    const own = studentTopic(actingUserId);
    const watch = this.signals.watch([roomTopic(room), own, changes, ...activityTopics]);
    try {
      const deadline = waitDeadline(this.now(), command.waitMs);
      let activity = false;
      let groupChanged = false;
      for (;;) {
        const messages = await this.log.after(room, cursor, MESSAGES_AFTER_LIMIT);
        const remaining = deadline - this.now();
        if (messages.length > 0 || activity || groupChanged || remaining <= 0)
          return {
            messages: await withAuthors(this.authors, await withQuotes(this.log, room, messages, this.lookups)),
            activity,
            groupChanged,
          };
        const outcome = await watch.next({ timeoutMs: remaining, signal: command.signal });
        if (outcome !== 'signal') return { messages: [], activity: false, groupChanged: false };
        await requireRoomMember(this.access, actingUserId, room);
        const signalled = watch.takeSignalled();
        activity = signalled.some((topic) => topic === own || activityTopics.has(topic));
        groupChanged = signalled.includes(changes);
      }
    } finally {
      watch.close();
    }
  }

  private async usableRooms(userId: UserId, room: ChatRoom, rooms: readonly ChatRoom[]): Promise<ChatRoom[]> {
    const distinct = new Map<string, ChatRoom>();
    for (const other of rooms.slice(0, MAX_WATCHED_ROOMS)) {
      if (other.kind !== room.kind || other.id !== room.id) distinct.set(roomTopic(other), other);
    }
    const candidates = [...distinct.values()];
    // A refusal remembered a while will do: a room the student is not in is dropped from the watch, silently (their
    // other tab may have just left it), and costs no query each poll.
    const access = await Promise.all(candidates.map((other) => this.access.check(userId, other, { recent: true })));
    return candidates.filter((_, i) => access[i] === 'member');
  }
}
