import type { ChatMessage } from '@domain/chat/chat-message';
import type { ChatRoom } from '@domain/chat/chat-room';
import { deletedMessage } from '@domain/chat/message-actions';
import { StudyGroupId, type UserId } from '@domain/ids';
import type { ChatLog } from '@application/ports/chat-log';
import type { ChatRoomAccess } from '@application/ports/chat-room-access';
import { roomTopic, type ChatSignals } from '@application/ports/chat-signals';
import type { MessageAuthors } from '@application/ports/message-authors';
import type { StudyGroupRepository } from '@application/ports/study-group-repository';
import { withAuthors } from './message-authors';
import { parseCursor } from './read-chat-messages';
import { requireRoomMember } from './room-membership';

export interface DeleteChatMessageCommand {
  /** The signed-in student, from the session. */
  actingUserId: UserId;
  room: ChatRoom;
  messageId: string;
}

/**
 * The author deletes their message, any time; in a study group the owner may
 * delete anyone's. Course chats have no moderator. Deleting a deleted message
 * answers it as it is and changes nothing.
 */
export class DeleteChatMessage {
  constructor(
    private readonly access: ChatRoomAccess,
    private readonly log: ChatLog,
    private readonly groups: StudyGroupRepository,
    private readonly signals: ChatSignals,
    private readonly authors: MessageAuthors,
  ) {}

  async execute(command: DeleteChatMessageCommand): Promise<ChatMessage> {
    const { actingUserId, room } = command;
    const id = parseCursor(command.messageId);
    await requireRoomMember(this.access, actingUserId, room);
    const current = await this.log.find(room, id);
    const deleted = deletedMessage(current, actingUserId, await this.moderates(actingUserId, room, current));
    if (!deleted) return (await withAuthors(this.authors, [current!]))[0];
    const changed = await this.log.change(room, deleted);
    await this.signals.announce(roomTopic(room), changed.event);
    return (await withAuthors(this.authors, [changed]))[0];
  }

  /** Whether the student may delete others' messages here: they own the group. */
  private async moderates(userId: UserId, room: ChatRoom, message: ChatMessage | null): Promise<boolean> {
    if (room.kind !== 'group' || !message || message.userId === userId) return false;
    const group = await this.groups.findById(StudyGroupId(room.id));
    return group?.owner.id === userId;
  }
}
