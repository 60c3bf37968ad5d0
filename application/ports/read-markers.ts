// Where each student has read up to in each of their chat rooms.
import type { ChatRoom } from '@domain/chat/chat-room';
import type { MessageId } from '@domain/chat/message-id';
import type { UserId } from '@domain/ids';

export interface RoomReadState {
  room: ChatRoom;
  /** When the student joined the course or group (a group they own: when it was made). */
  joinedAt: Date;
  /** The newest message they have read; null when they never marked the room. */
  lastRead: MessageId | null;
}

export interface ReadMarkers {
  /** Moves the student's marker forward to `id` (never back) and answers the stored marker. */
  mark(userId: UserId, room: ChatRoom, id: MessageId): Promise<MessageId>;
  /** Every room of the student (their courses, then their groups, each in joining order) with their markers. */
  roomsOf(userId: UserId): Promise<RoomReadState[]>;
}
