import type { ChatMessage } from '@domain/chat/chat-message';
import type { ChatRoom } from '@domain/chat/chat-room';
import type { UserId } from '@domain/ids';
import type { ChatLog } from '@application/ports/chat-log';
import type { ChatRoomAccess } from '@application/ports/chat-room-access';
import type { Clock } from '@application/ports/clock';
import { withAuthors } from './message-authors';
import type { MessageAuthors } from '@application/ports/message-authors';
import { withQuotes } from './reply-quotes';
import { requireRoomMember } from './room-membership';

/** How far back the shelf looks (issue 27: "the last 14 days"). */
const MOST_USEFUL_DAYS = 14;
/** How many messages it holds. */
const MOST_USEFUL_LIMIT = 3;

/**
 * A course chat's "Most useful" shelf (decision 0118): a course has no owner to
 * pin messages, so the chat shows the messages of the last 14 days with the
 * most reactions (at least one; ties to the newer), with their authors and
 * quotes as the log shows them. Deleted messages are never on it. Members
 * only, as for the room's messages.
 */
export class ReadMostUseful {
  constructor(
    private readonly access: ChatRoomAccess,
    private readonly log: ChatLog,
    private readonly authors: MessageAuthors,
    private readonly now: Clock = () => Date.now(),
  ) {}

  async execute(command: { actingUserId: UserId; room: ChatRoom }): Promise<ChatMessage[]> {
    const { actingUserId, room } = command;
    await requireRoomMember(this.access, actingUserId, room);
    const since = new Date(this.now() - MOST_USEFUL_DAYS * 24 * 60 * 60 * 1000);
    const top = (await this.log.mostReacted(room, since, MOST_USEFUL_LIMIT)).filter((message) => !message.deleted);
    return withAuthors(this.authors, await withQuotes(this.log, room, top));
  }
}
