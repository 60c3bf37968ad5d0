import { checkMessageText, type ChatMessage } from '@domain/chat/chat-message';
import type { ChatRoom } from '@domain/chat/chat-room';
import { NotAuthenticatedError, RateLimitedError } from '@domain/errors';
import type { UserId } from '@domain/ids';
import type { EmailVerificationPolicy } from '@application/accounts/email-verification';
import type { ChatLog } from '@application/ports/chat-log';
import type { ChatRoomAccess } from '@application/ports/chat-room-access';
import { roomTopic, type ChatSignals } from '@application/ports/chat-signals';
import type { RateLimiter, RateRule } from '@application/ports/rate-limiter';
import { NO_TELEMETRY, type Telemetry } from '@application/ports/telemetry';
import type { UserRepository } from '@application/ports/user-repository';
import type { MessageAuthors } from '@application/ports/message-authors';
import { MessageNotFoundError } from '@domain/chat/chat-errors';
import { withAuthors } from './message-authors';
import { parseCursor } from './read-chat-messages';
import { withQuotes } from './reply-quotes';
import { requireRoomMember } from './room-membership';

export interface PostChatMessageCommand {
  /** The signed-in student, from the session. */
  actingUserId: UserId;
  room: ChatRoom;
  message: string;
  /** The client's id of this post, sent again on a retry: see ChatLog's NewChatMessage. */
  clientMessageID?: string;
  /** The id of the message of the same room this one answers. */
  replyTo?: string;
}

export interface PostingLimit {
  messages: number;
  windowMs: number;
}

/** The posting limit: 20 messages per student per room in 10 seconds. */
export const POSTING_LIMIT: PostingLimit = { messages: 20, windowMs: 10_000 };

/** A student's allowance of posts (and edits) per room: every stored change wakes the whole room. */
export class PostingAllowance {
  private readonly rule: RateRule;

  constructor(
    private readonly limiter: RateLimiter,
    limit: PostingLimit = POSTING_LIMIT,
  ) {
    this.rule = { name: 'chat-post', points: limit.messages, windowMs: limit.windowMs };
  }

  async consume(userId: UserId, room: ChatRoom): Promise<void> {
    const decision = await this.limiter.consume(this.rule, this.key(userId, room));
    if (!decision.allowed) throw RateLimitedError.retryIn('You are sending messages too quickly', decision.retryAfterMs);
  }

  /** Gives back a consumed post that stored nothing (a retry answered with the message already stored). */
  async giveBack(userId: UserId, room: ChatRoom): Promise<void> {
    await this.limiter.reward(this.rule, this.key(userId, room));
  }

  private key(userId: UserId, room: ChatRoom): string {
    return `${room.kind}:${room.id}:user:${userId}`;
  }
}

/** A member posts to a course or study-group chat, under their own name; the room's waiters are woken. */
export class PostChatMessage {
  constructor(
    private readonly access: ChatRoomAccess,
    private readonly log: ChatLog,
    private readonly users: UserRepository,
    private readonly allowance: PostingAllowance,
    private readonly signals: ChatSignals,
    private readonly verification: EmailVerificationPolicy,
    private readonly authors: MessageAuthors,
    private readonly telemetry: Telemetry = NO_TELEMETRY,
    /** Queues the room's notification batch (application/notifications/room-notifications.ts); never fails a post. */
    private readonly notices?: { messagePosted(room: ChatRoom): Promise<void> },
  ) {}

  async execute(command: PostChatMessageCommand): Promise<ChatMessage> {
    await requireRoomMember(this.access, command.actingUserId, command.room);
    const text = checkMessageText(command.message);
    // A reply answers a message of this room that is still there; anything else is refused before anything is counted or stored.
    const original = command.replyTo === undefined ? undefined : await this.log.find(command.room, parseCursor(command.replyTo));
    if (original === null || original?.deleted) throw new MessageNotFoundError();
    // The name shown is the account's, read at posting time, never one from the request.
    const user = await this.users.findById(command.actingUserId);
    if (!user) throw new NotAuthenticatedError('Your account no longer exists.');
    this.verification.check(user);
    // Counted only for messages that would be stored, so typos that bounce do not use up the allowance.
    await this.allowance.consume(command.actingUserId, command.room);
    const { message: stored, replayed } = await this.log.append(command.room, {
      userId: user.id,
      username: user.username,
      message: text,
      clientMessageID: command.clientMessageID,
      ...(original ? { replyTo: original.id } : {}),
    });
    if (replayed) {
      // A retry of a post already stored: nothing new is stored or counted,
      // and the allowance gets its point back (a failure to give it back must
      // not fail the answer the retry is waiting for). The room is announced
      // again: the first try's server may have died between storing and
      // announcing (the retry a load balancer sends then), and waiters that
      // already have the message just go on waiting.
      await this.allowance.giveBack(command.actingUserId, command.room).catch(() => {});
    } else {
      this.telemetry.record({ kind: 'chat-message-posted', room: command.room.kind });
    }
    // Also on a retry: the first try may have stored the message and died before queuing its batch (queued once per window).
    // Queued before the room hears of the message, so the poll's answer and this post's leave together (a client shows
    // its waiting copy until the post answers; a late answer would show the message twice for that moment).
    await this.notices?.messagePosted(command.room);
    await this.signals.announce(roomTopic(command.room), stored.id);
    // Named and quoted as every read names its author and quotes (message-authors.ts, reply-quotes.ts).
    return (await withAuthors(this.authors, await withQuotes(this.log, command.room, [stored])))[0];
  }
}
