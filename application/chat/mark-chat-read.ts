import { MessageNotFoundError } from '@domain/chat/chat-errors';
import type { ChatRoom } from '@domain/chat/chat-room';
import { formatMessageId } from '@domain/chat/message-id';
import type { UserId } from '@domain/ids';
import type { ChatLog } from '@application/ports/chat-log';
import type { ChatRoomAccess } from '@application/ports/chat-room-access';
import { studentTopic, type ChatSignals } from '@application/ports/chat-signals';
import type { ReadMarkers } from '@application/ports/read-markers';
import { parseCursor } from './read-chat-messages';
import { requireRoomMember } from './room-membership';

export interface MarkChatReadCommand {
  /** The signed-in student, from the session. */
  actingUserId: UserId;
  room: ChatRoom;
  messageId: string;
}

/**
 * A member has read a room up to a message. The marker only moves forward
 * (an older tab reporting late changes nothing), and must name a message of
 * the room, so no made-up id can mark the future read. The student's other
 * tabs and devices are told, so their unread marks follow.
 */
export class MarkChatRead {
  constructor(
    private readonly access: ChatRoomAccess,
    private readonly log: ChatLog,
    private readonly markers: ReadMarkers,
    private readonly signals: ChatSignals,
  ) {}

  async execute(command: MarkChatReadCommand): Promise<{ room: ChatRoom; lastRead: string }> {
    const id = parseCursor(command.messageId);
    await requireRoomMember(this.access, command.actingUserId, command.room);
    if (!(await this.log.find(command.room, id))) throw new MessageNotFoundError();
    const stored = await this.markers.mark(command.actingUserId, command.room, id);
    await this.signals.announce(studentTopic(command.actingUserId));
    return { room: command.room, lastRead: formatMessageId(stored) };
  }
}
