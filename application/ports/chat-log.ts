// The history of every chat room: appended to by posts, changed by edits and
// deletes, read by page loads, polls (after a cursor) and "Load earlier
// messages" (before a cursor).
import type { ChatMessage } from '@domain/chat/chat-message';
import type { ChatRoom } from '@domain/chat/chat-room';
import type { MessageId } from '@domain/chat/message-id';
import type { ReactionEmoji } from '@domain/chat/reactions';
import type { UserId } from '@domain/ids';

export interface NewChatMessage {
  userId: UserId;
  username: string;
  /** Already checked and trimmed. */
  message: string;
  /**
   * The client's own id for this post, sent again when it retries. An append
   * with the id of a message this student already stored in this room (within
   * CLIENT_MESSAGE_ID_TTL_MS) stores nothing and answers that message, so a
   * retried post is never a second message. Without one, every append stores.
   */
  clientMessageID?: string;
  /** The id of the message it answers, one the caller found in the same room; kept with the message, answered as `replyTo`. */
  replyTo?: string;
}

/** A student's reaction set (`on`) or taken off. */
export interface ReactionChange {
  userId: UserId;
  emoji: ReactionEmoji;
  on: boolean;
}

/** What `react` answers: the message's state, and whether it changed (then it has `event`). */
export interface ReactedMessage {
  message: ChatMessage;
  changed: boolean;
}

/** How long a log remembers a post's client message id, at least. */
export const CLIENT_MESSAGE_ID_TTL_MS = 24 * 60 * 60 * 1000;

/** What an append answers. */
export interface AppendedMessage {
  message: ChatMessage;
  /** True when nothing was written: the client message id named a message already stored, answered in its current state. */
  replayed: boolean;
}

/**
 * A room's log holds messages and, after them, the edits and deletes of
 * messages: each an entry with an id of its own, so a poller receives them in
 * order through `after` like messages.
 *
 * Removed means removed: once `change` has answered, no read answers the
 * text a message had before (an edit keeps nothing of the earlier text, a
 * delete keeps none at all), and the stores keep no copy of it. A changed
 * message is in the log once, at its latest change: `after` answers it only
 * as that event, which carries its current state, from any cursor before it
 * (so a poller that got the message as posted gets the change, and one that
 * never got it gets it in its current state). History reads (`latest`,
 * `before`, `find`) answer messages only, each in its current state.
 */
export interface ChatLog {
  /** Stores the message; its id (and so its time) is the log's to give. */
  append(room: ChatRoom, message: NewChatMessage): Promise<AppendedMessage>;
  /**
   * Records a message's new state (edited text, or deleted with text ''):
   * durably first, so history shows it whatever happens to the fast store,
   * then as an event entry after everything in the room, replacing the
   * message's entry and its earlier event. Answers the state with `event` set
   * to that entry's id. An edit past MAX_EDITS_PER_MESSAGE is refused with
   * TooManyEditsError and changes nothing (counted atomically with the change,
   * so parallel edits cannot pass it); a delete is always allowed.
   */
  change(room: ChatRoom, state: ChatMessage): Promise<ChatMessage>;
  /**
   * Sets or takes off one student's reaction to a message, at most one per
   * student, emoji and message (a parallel burst of the same change stores
   * one). A change of the message's reactions is recorded as its edits are:
   * its state (`reactions`) durably, then an event entry after everything in
   * the room that replaces its earlier entry, so pollers receive it from their
   * cursor; it is not counted as an edit. Setting what already holds changes
   * nothing and records no event. Null when the room has no such message or it
   * is deleted (a delete takes its reactions with it).
   */
  react(room: ChatRoom, id: MessageId, reaction: ReactionChange): Promise<ReactedMessage | null>;
  /**
   * The room's messages with the most reactions among those posted since
   * `since` (at least one reaction; ties: the newer first), in their current state.
   */
  mostReacted(room: ChatRoom, since: Date, limit: number): Promise<ChatMessage[]>;
  /** The message with that id in its current state; null when the room has none (an event's id included). */
  find(room: ChatRoom, id: MessageId): Promise<ChatMessage | null>;
  /** The newest `limit` messages, in their current state. */
  latest(room: ChatRoom, limit: number): Promise<ChatMessage[]>;
  /**
   * The oldest `limit` entries newer than the cursor: messages never changed,
   * as posted, and each changed message once, as its latest edit or delete
   * (an item with `event`, in the message's current state).
   */
  after(room: ChatRoom, cursor: MessageId, limit: number): Promise<ChatMessage[]>;
  /** The newest `limit` messages older than the cursor, in their current state. */
  before(room: ChatRoom, cursor: MessageId, limit: number): Promise<ChatMessage[]>;
}
