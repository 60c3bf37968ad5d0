// The history of every chat room: appended to by posts, changed by edits and
// deletes, read by page loads, polls (after a cursor) and "Load earlier
// messages" (before a cursor).
import type { ChatMessage } from '../../domain/chat/chat-message';
import type { ChatRoom } from '../../domain/chat/chat-room';
import type { MessageId } from '../../domain/chat/message-id';

export interface NewChatMessage {
  userId: number;
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
 * order through `after` like messages. History reads (`latest`, `before`,
 * `find`) answer messages only, each in its current state.
 */
export interface ChatLog {
  /** Stores the message; its id (and so its time) is the log's to give. */
  append(room: ChatRoom, message: NewChatMessage): Promise<AppendedMessage>;
  /**
   * Records a message's new state (edited text, or deleted with text ''):
   * durably first, so history shows it whatever happens to the fast store,
   * then as an event entry after everything in the room. Answers the state
   * with `event` set to that entry's id.
   */
  change(room: ChatRoom, state: ChatMessage): Promise<ChatMessage>;
  /** The message with that id in its current state; null when the room has none (an event's id included). */
  find(room: ChatRoom, id: MessageId): Promise<ChatMessage | null>;
  /** The newest `limit` messages, in their current state. */
  latest(room: ChatRoom, limit: number): Promise<ChatMessage[]>;
  /** The oldest `limit` entries newer than the cursor: messages as posted, and edits and deletes as items with `event`. */
  after(room: ChatRoom, cursor: MessageId, limit: number): Promise<ChatMessage[]>;
  /** The newest `limit` messages older than the cursor, in their current state. */
  before(room: ChatRoom, cursor: MessageId, limit: number): Promise<ChatMessage[]>;
}
