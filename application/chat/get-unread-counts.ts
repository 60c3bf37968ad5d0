import type { ChatRoom } from '@domain/chat/chat-room';
import { compareMessageIds, formatMessageId, parseMessageId, type MessageId } from '@domain/chat/message-id';
import { summaryVersion, UNREAD_MAX_PAGES, UNREAD_PAGE, UnreadCounter, type UnreadTally } from '@domain/chat/unread';
import { NotAuthenticatedError } from '@domain/errors';
import type { UserId } from '@domain/ids';
import type { ChatLog } from '@application/ports/chat-log';
import { roomTopic, studentTopic, type ChatSignals } from '@application/ports/chat-signals';
import type { Clock } from '@application/ports/clock';
import type { ReadMarkers, RoomReadState } from '@application/ports/read-markers';
import type { UserRepository } from '@application/ports/user-repository';
import { waitDeadline } from './wait-for-chat-messages';

export interface RoomUnread extends UnreadTally {
  room: ChatRoom;
  /** The student's marker; null when they never marked the room. */
  lastRead: string | null;
}

export interface UnreadSummary {
  rooms: RoomUnread[];
  /** The sum of the rooms' counts (each capped). */
  total: number;
  /** Changes whenever anything above does; a client's `since`. */
  version: string;
}

export interface GetUnreadCountsCommand {
  /** The signed-in student, from the session. */
  actingUserId: UserId;
  /** Wait up to this long for the summary to differ from `since`. */
  waitMs?: number;
  since?: string;
  /** Ends the wait as its deadline would (the summary as it stands): the client has gone, or the poll made room for a newer one. */
  signal?: AbortSignal;
}

/**
 * The unread marks of every room of the student in one answer. Each room
 * costs a bounded read after the student's marker (or, never marked, after
 * they joined), never its whole history. With a wait it is a long poll over
 * the student's rooms and their own topic (marks from their other tabs),
 * answering as soon as the summary differs from the one the client has.
 */
export class GetUnreadCounts {
  constructor(
    private readonly markers: ReadMarkers,
    private readonly log: ChatLog,
    private readonly users: UserRepository,
    private readonly signals: ChatSignals,
    private readonly now: Clock = () => Date.now(),
  ) {}

  async execute(command: GetUnreadCountsCommand): Promise<UnreadSummary> {
    const user = await this.users.findById(command.actingUserId);
    if (!user) throw new NotAuthenticatedError('Your account no longer exists.');
    const reader = { id: user.id, username: user.username };
    let rooms = await this.markers.roomsOf(user.id);
    if (!command.waitMs) return this.summarise(reader, rooms);

    const watch = this.signals.watch([studentTopic(user.id), ...rooms.map((r) => roomTopic(r.room))]);
    try {
      const deadline = waitDeadline(this.now(), command.waitMs);
      for (;;) {
        const summary = await this.summarise(reader, rooms);
        const remaining = deadline - this.now();
        if (summary.version !== command.since || remaining <= 0) return summary;
        const outcome = await watch.next({ timeoutMs: remaining, signal: command.signal });
        if (outcome !== 'signal') return summary;
        rooms = await this.markers.roomsOf(user.id);
      }
    } finally {
      watch.close();
    }
  }

  private async summarise(reader: { id: UserId; username: string }, rooms: RoomReadState[]): Promise<UnreadSummary> {
    const counted = await Promise.all(rooms.map((state) => this.count(reader, state)));
    const total = counted.reduce((sum, room) => sum + room.unread, 0);
    const version = summaryVersion(counted.flatMap((r) => [r.room.kind, r.room.id, r.unread, r.mentions, r.lastRead]));
    return { rooms: counted, total, version };
  }

  private async count(reader: { id: UserId; username: string }, state: RoomReadState): Promise<RoomUnread> {
    // Counted from the marker, but never from before the student (re)joined.
    const joined: MessageId = { ms: state.joinedAt.getTime() - 1, seq: 2_147_483_647 };
    let cursor = state.lastRead && compareMessageIds(state.lastRead, joined) > 0 ? state.lastRead : joined;
    const counter = new UnreadCounter(reader, cursor);
    for (let page = 0; page < UNREAD_MAX_PAGES && !counter.full; page += 1) {
      const entries = await this.log.after(state.room, cursor, UNREAD_PAGE);
      counter.add(entries);
      if (entries.length < UNREAD_PAGE) break;
      cursor = parseMessageId(counter.position!)!;
    }
    return { room: state.room, lastRead: state.lastRead ? formatMessageId(state.lastRead) : null, ...counter.tally() };
  }
}
