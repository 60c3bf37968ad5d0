import { InvalidCursorError } from '@domain/chat/chat-errors';
import { LATEST_MESSAGES, MESSAGES_AFTER_LIMIT, MESSAGES_BEFORE_LIMIT, type ChatMessage } from '@domain/chat/chat-message';
import type { ChatRoom } from '@domain/chat/chat-room';
import { parseMessageId, type MessageId } from '@domain/chat/message-id';
import type { UserId } from '@domain/ids';
import type { ChatLog } from '@application/ports/chat-log';
import type { ChatRoomAccess } from '@application/ports/chat-room-access';
import type { MessageAuthors } from '@application/ports/message-authors';
import { withAuthors } from './message-authors';
import { withQuotes } from './reply-quotes';
import { requireRoomMember } from './room-membership';

export interface ReadChatMessagesCommand {
  /** The signed-in student, from the session. */
  actingUserId: UserId;
  room: ChatRoom;
  /** Only entries newer than this id (a poll): messages, and edits and deletes as events. */
  after?: string;
  /** Only messages older than this id (paging back). */
  before?: string;
}

/**
 * A room's messages for one of its members: the latest 50, the entries after
 * a cursor (the poll, usually none), or 50 before a cursor. The group page
 * can call this for its studyGroupMessages.
 */
export class ReadChatMessages {
  constructor(
    private readonly access: ChatRoomAccess,
    private readonly log: ChatLog,
    private readonly authors: MessageAuthors,
  ) {}

  async execute(command: ReadChatMessagesCommand): Promise<ChatMessage[]> {
    return withAuthors(this.authors, await withQuotes(this.log, command.room, await this.read(command)));
  }

  private async read(command: ReadChatMessagesCommand): Promise<ChatMessage[]> {
    if (command.after !== undefined && command.before !== undefined) {
      throw new InvalidCursorError('Send either after or before, not both.');
    }
    const after = command.after === undefined ? undefined : parseCursor(command.after);
    const before = command.before === undefined ? undefined : parseCursor(command.before);
    await requireRoomMember(this.access, command.actingUserId, command.room);
    if (after) return this.log.after(command.room, after, MESSAGES_AFTER_LIMIT);
    if (before) return this.log.before(command.room, before, MESSAGES_BEFORE_LIMIT);
    return this.log.latest(command.room, LATEST_MESSAGES);
  }
}

/** A message id sent by a client: 400 INVALID_CURSOR unless it is one. */
export function parseCursor(text: string): MessageId {
  const id = parseMessageId(text);
  if (!id) throw new InvalidCursorError();
  return id;
}
