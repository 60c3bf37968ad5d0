// A room's news for the mail digest (issue 26): the same batch that pushes
// (room-notifications.ts) gives each member whose choices want it by mail an
// entry for their next digest, with the news messages themselves, and moves
// their mail mark, so the next batch tells only what came after. The digest
// decides when the mail goes (mail-digests.ts); the entry's key (the room and
// its newest message) keeps a retried batch from adding it twice.
import type { ChatMessage } from '@domain/chat/chat-message';
import type { ChatRoom } from '@domain/chat/chat-room';
import { formatMessageId, type MessageId } from '@domain/chat/message-id';
import { wants } from '@domain/notifications/notification-preferences';
import { isAbout, newsFrom, newsOf, roomNotice, tallyNews, type NoticedRoom } from '@domain/notifications/room-notice';
import { roomTopic } from '@application/ports/chat-signals';
import type { Clock } from '@application/ports/clock';
import type { MailDigestInbox } from '@application/ports/mail-digest-inbox';
import type { NotificationPreferencesStore } from '@application/ports/notification-preferences-store';
import type { RoomNotificationState } from '@application/ports/room-notification-state';
import { eachAtMost, STUDENTS_AT_ONCE } from '@application/shared/each-at-most';

/** The newest news messages a digest entry quotes (the link opens the rest). */
const QUOTED = 10;

export class RoomMailNews {
  constructor(
    private readonly state: RoomNotificationState,
    private readonly preferences: NotificationPreferencesStore,
    private readonly digests: MailDigestInbox,
    private readonly now: Clock,
  ) {}

  /**
   * Adds the room's news to each member's digest, as their mail choices say;
   * `messages` are the room's newest (quotes resolved), `floor` where news
   * may start at the oldest. Answers how many students were given an entry.
   */
  async tell(room: ChatRoom, noticed: NoticedRoom, messages: readonly ChatMessage[], newest: MessageId, floor: MessageId): Promise<number> {
    const notified = await this.state.readersOf(room, 'mail');
    if (!notified || notified.readers.length === 0) return 0;
    const prefsOf = await this.preferences.getMany(notified.readers.map((reader) => reader.userId));
    const at = new Date(this.now());
    const roomKind = room.kind === 'group' ? 'group-message' : 'course-message';
    let told = 0;
    await eachAtMost(notified.readers, STUDENTS_AT_ONCE, async (reader) => {
      const me = { id: reader.userId, username: reader.username };
      const joined: MessageId = { ms: reader.joinedAt.getTime() - 1, seq: 2_147_483_647 };
      const from = newsFrom(floor, joined, reader.lastRead, reader.notifiedThrough);
      const prefs = prefsOf.get(reader.userId);
      const tally = tallyNews(messages, me, from);
      const line = prefs && roomNotice(prefs, noticed, tally, 'mail');
      if (!prefs || !line) return;
      // The whole news when the room's messages are wanted; else only what is about them (as the line counts).
      const allNews = wants(prefs, { kind: roomKind, groupId: noticed.groupId }, 'mail');
      const news = newsOf(messages, me, from).filter((message) => allNews || isAbout(message, me));
      await this.digests.add(reader.userId, {
        key: `${roomTopic(room)}:${formatMessageId(newest)}`,
        kind: allNews ? roomKind : tally.mentions > 0 ? 'mention' : 'reply',
        ...(noticed.groupId !== undefined ? { groupId: noticed.groupId } : {}),
        title: notified.name,
        summary: line,
        quotes: news.slice(-QUOTED).map((message) => ({ author: message.username, text: message.message })),
        url: notified.url,
        at,
      });
      await this.state.markNotified(reader.userId, room, 'mail', newest);
      told += 1;
    });
    return told;
  }
}
