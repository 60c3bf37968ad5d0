// Typed calls for course and study-group chat (the wire contract's chat
// routes): reading and long-polling, sending, editing and deleting, and the
// unread marks.
import { API, type AnswerOf } from '@contract/api';
import { POLL_HEADERS, type ChatMessage } from '@contract/chat';
import { MESSAGES_AFTER_LIMIT, MESSAGES_BEFORE_LIMIT } from '@domain/chat/chat-message';
import type { ChatRoom } from '@domain/chat/chat-room';
import { apiClient, type QueryOf } from '@web/lib/api-client';

/** The most one ?after answer holds; a full answer means there may be more. */
export const POLL_BATCH_LIMIT = MESSAGES_AFTER_LIMIT;
/** What one "Load earlier messages" step asks for; fewer means the start of the room. */
export const EARLIER_PAGE_SIZE = MESSAGES_BEFORE_LIMIT;
/** How long the server may hold a long poll, in seconds (it allows 30; proxies often cut at 30 or 60). */
const LONG_POLL_SECONDS = 25;

/** The latest messages, or those after / before a message id; oldest first. */
export function fetchMessages(room: ChatRoom, userId: number, query: QueryOf<typeof API.courseMessages> = {}): Promise<ChatMessage[]> {
  return room.kind === 'course'
    ? apiClient.call(API.courseMessages, { params: { courseID: room.id, userID: userId }, query })
    : apiClient.call(API.groupMessages, { params: { studyGroupID: room.id, userID: userId }, query });
}

export interface WaitAnswer {
  messages: ChatMessage[];
  /** One of the watched rooms had news (X-Chat-Activity): the unread marks are out of date. */
  activity: boolean;
  /** What the room's page shows of study groups changed (X-Group-Changed): the group, or the course's groups. */
  groupChanged: boolean;
}

/** The long poll: what came after `after`, answered as soon as there is any, or [] after about LONG_POLL_SECONDS. */
export async function waitForMessages(
  room: ChatRoom,
  userId: number,
  after: string,
  { watch, signal }: { watch: readonly ChatRoom[]; signal: AbortSignal },
): Promise<WaitAnswer> {
  const query = {
    after,
    wait: String(LONG_POLL_SECONDS),
    watch: watch.length ? watch.map((r) => `${r.kind}:${r.id}`).join(',') : undefined,
  };
  const { answer, headers } =
    room.kind === 'course'
      ? await apiClient.callWithHeaders(API.courseMessages, { params: { courseID: room.id, userID: userId }, query, signal })
      : await apiClient.callWithHeaders(API.groupMessages, { params: { studyGroupID: room.id, userID: userId }, query, signal });
  return {
    messages: answer,
    activity: headers.get(POLL_HEADERS.activity) === '1',
    groupChanged: headers.get(POLL_HEADERS.groupChanged) === '1',
  };
}

/**
 * Stores the message for the signed-in student; resolves to it as stored (id
 * and time). Sent again with the same clientMessageID, it resolves to the
 * message the first try stored, and nothing is stored twice.
 */
export function sendMessage(
  room: ChatRoom,
  userId: number,
  message: string,
  clientMessageID: string,
  replyTo?: string,
): Promise<ChatMessage> {
  return room.kind === 'course'
    ? apiClient.call(API.postCourseMessage, { body: { userID: userId, courseID: room.id, message, clientMessageID, replyTo } })
    : apiClient.call(API.postGroupMessage, { body: { userID: userId, studyGroupID: room.id, message, clientMessageID, replyTo } });
}

/** The author's new text for their message; resolves to the message as edited. */
export function editMessage(room: ChatRoom, userId: number, messageID: string, message: string): Promise<ChatMessage> {
  return room.kind === 'course'
    ? apiClient.call(API.editCourseMessage, { body: { userID: userId, courseID: room.id, messageID, message } })
    : apiClient.call(API.editGroupMessage, { body: { userID: userId, studyGroupID: room.id, messageID, message } });
}

/** Deletes a message (the author's, or any in the group of its owner); resolves to it as deleted. */
export function deleteMessage(room: ChatRoom, userId: number, messageID: string): Promise<ChatMessage> {
  return room.kind === 'course'
    ? apiClient.call(API.deleteCourseMessage, { body: { userID: userId, courseID: room.id, messageID } })
    : apiClient.call(API.deleteGroupMessage, { body: { userID: userId, studyGroupID: room.id, messageID } });
}

/** Moves the student's last-read marker in a room forward to a message. */
export function markRead(room: ChatRoom, messageID: string): Promise<AnswerOf<typeof API.markChatRead>> {
  return apiClient.call(API.markChatRead, { body: { kind: room.kind, id: room.id, messageID } });
}

export type UnreadSummary = AnswerOf<typeof API.unreadCounts>;

/** The unread marks of every room of the student; with `since`, held until they differ from that version. */
export function fetchUnread(options: { since?: string; signal?: AbortSignal } = {}): Promise<UnreadSummary> {
  const query = options.since === undefined ? {} : { wait: String(LONG_POLL_SECONDS), since: options.since };
  return apiClient.call(API.unreadCounts, { query, signal: options.signal });
}

/** Sets (reacted) or takes off the student's reaction to a message. */
export function reactToMessage(room: ChatRoom, userId: number, messageID: string, emoji: string, reacted: boolean): Promise<ChatMessage> {
  return room.kind === 'course'
    ? apiClient.call(API.reactCourseMessage, { body: { userID: userId, courseID: room.id, messageID, emoji, reacted } })
    : apiClient.call(API.reactGroupMessage, { body: { userID: userId, studyGroupID: room.id, messageID, emoji, reacted } });
}

/** A course chat's "Most useful" shelf: its most-reacted messages of the last 14 days, the most first. */
export function fetchMostUseful(courseId: number): Promise<ChatMessage[]> {
  return apiClient.call(API.courseMostUseful, { params: { courseID: courseId } });
}
