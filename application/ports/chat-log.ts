// The history of every chat room: appended to by posts, read by page loads,
// polls (after a cursor) and "Load earlier messages" (before a cursor).
import type { ChatMessage } from '../../domain/chat/chat-message';
import type { ChatRoom } from '../../domain/chat/chat-room';
import type { MessageId } from '../../domain/chat/message-id';

export interface NewChatMessage {
  userId: number;
  username: string;
  /** Already checked and trimmed. */
  message: string;
}

/** Every list is oldest first and holds each message once. */
export interface ChatLog {
  /** Stores the message; its id (and so its time) is the log's to give. */
  append(room: ChatRoom, message: NewChatMessage): Promise<ChatMessage>;
  /** The newest `limit` messages. */
  latest(room: ChatRoom, limit: number): Promise<ChatMessage[]>;
  /** The oldest `limit` messages newer than the cursor. */
  after(room: ChatRoom, cursor: MessageId, limit: number): Promise<ChatMessage[]>;
  /** The newest `limit` messages older than the cursor. */
  before(room: ChatRoom, cursor: MessageId, limit: number): Promise<ChatMessage[]>;
}
