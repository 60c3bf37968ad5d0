import { checkMessageText, type ChatMessage } from '@domain/chat/chat-message';
import type { ChatRoom } from '@domain/chat/chat-room';
import { TooManyEditsError } from '@domain/chat/chat-errors';
import { editedMessage } from '@domain/chat/message-actions';
import type { UserId } from '@domain/ids';
import type { EmailVerificationPolicy } from '@application/accounts/email-verification';
import type { ChatLog } from '@application/ports/chat-log';
import type { ChatRoomAccess } from '@application/ports/chat-room-access';
import { roomTopic, type ChatSignals } from '@application/ports/chat-signals';
import type { Clock } from '@application/ports/clock';
import type { MessageAuthors } from '@application/ports/message-authors';
import { withAuthors } from './message-authors';
import { withQuotes } from './reply-quotes';
import type { PostingAllowance } from './post-chat-message';
import { parseCursor } from './read-chat-messages';
import { requireRoomMember } from './room-membership';

export interface EditChatMessageCommand {
  /** The signed-in student, from the session. */
  actingUserId: UserId;
  room: ChatRoom;
  messageId: string;
  message: string;
}

/**
 * The author rewrites their message within 24 hours. The new state is stored
 * durably and appended to the room's log as an edit, which pollers receive
 * like a message; an edit counts against the posting allowance, and a
 * message takes at most MAX_EDITS_PER_MESSAGE (the log counts them).
 */
export class EditChatMessage {
  constructor(
    private readonly access: ChatRoomAccess,
    private readonly log: ChatLog,
    private readonly allowance: PostingAllowance,
    private readonly signals: ChatSignals,
    private readonly verification: EmailVerificationPolicy,
    private readonly authors: MessageAuthors,
    private readonly now: Clock = () => Date.now(),
  ) {}

  async execute(command: EditChatMessageCommand): Promise<ChatMessage> {
    const id = parseCursor(command.messageId);
    await requireRoomMember(this.access, command.actingUserId, command.room);
    const text = checkMessageText(command.message);
    await this.verification.requireVerified(command.actingUserId);
    const edited = editedMessage(await this.log.find(command.room, id), command.actingUserId, text, this.now());
    await this.allowance.consume(command.actingUserId, command.room);
    const changed = await this.log.change(command.room, edited).catch(async (error: unknown) => {
      // Refused for its edit count: nothing was stored, so nothing is counted against the allowance.
      if (error instanceof TooManyEditsError) await this.allowance.giveBack(command.actingUserId, command.room).catch(() => {});
      throw error;
    });
    await this.signals.announce(roomTopic(command.room), changed.event);
    return (await withAuthors(this.authors, await withQuotes(this.log, command.room, [changed])))[0];
  }
}
