// What a chat room's gathered messages tell one student, if anything, by their
// choices: every new message of a room whose messages they want ("3 new
// messages in Exam 1 Crammers, 1 mentions you"), else only those about them
// (a mention, a reply to their message), which reach them even from a muted
// group or a course chat.
import type { ChatMessage } from '@domain/chat/chat-message';
import { mentions } from '@domain/chat/mention';
import { compareMessageIds, parseMessageId, type MessageId } from '@domain/chat/message-id';
import type { StudyGroupId, UserId } from '@domain/ids';
import { roomBatchText, wants, type NotificationChannel, type NotificationPreferences } from './notification-preferences';

export interface RoomTally {
  /** Other students' messages the student has neither read nor been told of (deleted ones not counted). */
  messages: number;
  /** Of those, the ones that mention the student. */
  mentions: number;
  /** Of those, the ones that answer a message of the student's without mentioning them. */
  replies: number;
}

/** Where a student's news in a room starts: after what they read, after what they were told of, after they joined, and never before `floor` (old messages are no news). */
export function newsFrom(floor: MessageId, ...marks: (MessageId | null)[]): MessageId {
  return marks.reduce<MessageId>((from, mark) => (mark !== null && compareMessageIds(mark, from) > 0 ? mark : from), floor);
}

/**
 * Tallies the room's newest messages (in their current state, their quotes
 * resolved) that are news to the reader: after `from`, by someone else, not
 * deleted.
 */
export function tallyNews(messages: readonly ChatMessage[], reader: { id: UserId; username: string }, from: MessageId): RoomTally {
  const tally: RoomTally = { messages: 0, mentions: 0, replies: 0 };
  for (const message of newsOf(messages, reader, from)) {
    tally.messages += 1;
    if (mentions(message.message, reader.username)) tally.mentions += 1;
    else if (message.quote?.userId === reader.id) tally.replies += 1;
  }
  return tally;
}

/** The messages that are news to the reader: after `from`, by someone else, not deleted (oldest first, as given). */
export function newsOf(messages: readonly ChatMessage[], reader: { id: UserId }, from: MessageId): ChatMessage[] {
  return messages.filter((message) => {
    const id = parseMessageId(message.id);
    return id !== null && compareMessageIds(id, from) > 0 && message.userId !== reader.id && !message.deleted;
  });
}

/** Whether the message is about the reader: it mentions them, or answers one of theirs. */
export function isAbout(message: ChatMessage, reader: { id: UserId; username: string }): boolean {
  return mentions(message.message, reader.username) || message.quote?.userId === reader.id;
}

export interface NoticedRoom {
  kind: 'course' | 'group';
  /** The group's name or the course's code. */
  name: string;
  /** The room's group, whose mute applies. */
  groupId?: StudyGroupId;
}

/** The line a batch shows the student on the channel, or null when nothing in it is wanted there. */
export function roomNotice(
  prefs: NotificationPreferences,
  room: NoticedRoom,
  tally: RoomTally,
  channel: NotificationChannel,
): string | null {
  if (tally.messages === 0) return null;
  const groupId = room.groupId;
  if (wants(prefs, { kind: room.kind === 'group' ? 'group-message' : 'course-message', groupId }, channel)) {
    return roomBatchText(room.name, tally.messages, tally.mentions);
  }
  const mentions = wants(prefs, { kind: 'mention', groupId }, channel) ? tally.mentions : 0;
  const replies = wants(prefs, { kind: 'reply', groupId }, channel) ? tally.replies : 0;
  return mentions + replies === 0 ? null : roomBatchText(room.name, mentions + replies, mentions);
}
