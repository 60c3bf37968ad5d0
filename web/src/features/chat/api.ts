// Typed calls for course and study-group chat.
import { z } from 'zod';
import { apiClient } from '../../lib/api-client';
import { readAnswer } from '../../lib/api-error';
import { chatMessageSchema, type ChatMessage, type ChatRoomRef } from './chat-schema';

/** The most one ?after answer holds; a full answer means there may be more. */
export const POLL_BATCH_LIMIT = 500;
/** What one "Load earlier messages" step asks for; fewer means the start of the room. */
export const EARLIER_PAGE_SIZE = 50;

const messagesSchema = z.array(chatMessageSchema);

function readPath(room: ChatRoomRef, userId: number): string {
  return room.kind === 'course'
    ? `/api/select-course-messages/${room.id}/${userId}/`
    : `/api/select-study-group-messages/${room.id}/${userId}/`;
}

export type MessagesQuery = { after: string } | { before: string } | Record<string, never>;

/** The latest messages, or those after / before a message id; oldest first. */
export async function fetchMessages(room: ChatRoomRef, userId: number, query: MessagesQuery = {}): Promise<ChatMessage[]> {
  const search = new URLSearchParams(query as Record<string, string>).toString();
  const path = readPath(room, userId) + (search ? `?${search}` : '');
  return readAnswer(path, await apiClient.get(path), messagesSchema);
}

/** Stores the message for the signed-in student; resolves to it as stored (id and time). */
export async function sendMessage(room: ChatRoomRef, userId: number, message: string): Promise<ChatMessage> {
  const path = room.kind === 'course' ? '/api/insert-course-message/' : '/api/insert-study-group-message/';
  const body = room.kind === 'course' ? { userID: userId, courseID: room.id, message } : { userID: userId, studyGroupID: room.id, message };
  return readAnswer(path, await apiClient.post(path, body), chatMessageSchema);
}
