// Typed calls for course and study-group chat (the wire contract's chat routes).
import { API } from '../../../../adapters/http/contract/api';
import type { ChatMessage } from '../../../../adapters/http/contract/chat';
import { MESSAGES_AFTER_LIMIT, MESSAGES_BEFORE_LIMIT } from '../../../../domain/chat/chat-message';
import type { ChatRoom } from '../../../../domain/chat/chat-room';
import { apiClient } from '../../lib/api-client';

/** The most one ?after answer holds; a full answer means there may be more. */
export const POLL_BATCH_LIMIT = MESSAGES_AFTER_LIMIT;
/** What one "Load earlier messages" step asks for; fewer means the start of the room. */
export const EARLIER_PAGE_SIZE = MESSAGES_BEFORE_LIMIT;

export type MessagesQuery = { after: string } | { before: string } | Record<string, never>;

/** The latest messages, or those after / before a message id; oldest first. */
export function fetchMessages(room: ChatRoom, userId: number, query: MessagesQuery = {}): Promise<ChatMessage[]> {
  return room.kind === 'course'
    ? apiClient.call(API.courseMessages, { params: { courseID: room.id, userID: userId }, query })
    : apiClient.call(API.groupMessages, { params: { studyGroupID: room.id, userID: userId }, query });
}

/** Stores the message for the signed-in student; resolves to it as stored (id and time). */
export function sendMessage(room: ChatRoom, userId: number, message: string): Promise<ChatMessage> {
  return room.kind === 'course'
    ? apiClient.call(API.postCourseMessage, { body: { userID: userId, courseID: room.id, message } })
    : apiClient.call(API.postGroupMessage, { body: { userID: userId, studyGroupID: room.id, message } });
}
