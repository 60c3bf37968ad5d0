import { MessageNotFoundError } from '@domain/chat/chat-errors';
import type { ChatMessage } from '@domain/chat/chat-message';
import type { ChatRoom } from '@domain/chat/chat-room';
import { checkReactionEmoji } from '@domain/chat/reactions';
import type { UserId } from '@domain/ids';
import type { EmailVerificationPolicy } from '@application/accounts/email-verification';
import type { ChatLog } from '@application/ports/chat-log';
import type { ChatRoomAccess } from '@application/ports/chat-room-access';
import { roomTopic, type ChatSignals } from '@application/ports/chat-signals';
import type { MessageAuthors } from '@application/ports/message-authors';
import { withAuthors } from './message-authors';
import type { PostingAllowance } from './post-chat-message';
import { parseCursor } from './read-chat-messages';
import { withQuotes } from './reply-quotes';
import { requireRoomMember } from './room-membership';

export interface ReactToChatMessageCommand {
  /** The signed-in student, from the session. */
  actingUserId: UserId;
  room: ChatRoom;
  messageId: string;
  emoji: string;
  /** True: the student reacts with the emoji; false: they take their reaction off. */
  reacted: boolean;
}

/**
 * A member sets or takes off their reaction to a message of the room (one of
 * the fixed emoji, at most one of each per student and message). A change is
 * an event of the room's log like an edit, so every poller gets the
 * message's new reactions; it counts against the posting allowance, as every
 * change that wakes the room does. Asking for what already holds changes
 * nothing and answers the message as it is.
 */
export class ReactToChatMessage {
  constructor(
    private readonly access: ChatRoomAccess,
    private readonly log: ChatLog,
    private readonly allowance: PostingAllowance,
    private readonly signals: ChatSignals,
    private readonly verification: EmailVerificationPolicy,
    private readonly authors: MessageAuthors,
  ) {}

  async execute(command: ReactToChatMessageCommand): Promise<ChatMessage> {
    const { actingUserId, room } = command;
    const id = parseCursor(command.messageId);
    const emoji = checkReactionEmoji(command.emoji);
    await requireRoomMember(this.access, actingUserId, room);
    await this.verification.requireVerified(actingUserId);
    await this.allowance.consume(actingUserId, room);
    const reacted = await this.log.react(room, id, { userId: actingUserId, emoji, on: command.reacted });
    if (!reacted?.changed) await this.allowance.giveBack(actingUserId, room).catch(() => {});
    if (!reacted) throw new MessageNotFoundError();
    if (reacted.changed) await this.signals.announce(roomTopic(room), reacted.message.event);
    return (await withAuthors(this.authors, await withQuotes(this.log, room, [reacted.message])))[0];
  }
}
