// A chat room as its notifications see it (issue 26): its name, and each
// member with where they have read up to and what they were already told of
// on a channel, so a gathered batch tells each student only of messages they
// have neither read nor been told of.
import type { ChatRoom } from '@domain/chat/chat-room';
import type { MessageId } from '@domain/chat/message-id';
import type { UserId } from '@domain/ids';
import type { NotificationChannel } from '@domain/notifications/notification-preferences';

interface RoomReader {
  userId: UserId;
  username: string;
  /** When they joined the course or group (a group they own: when it was made). */
  joinedAt: Date;
  /** The newest message they have read; null when they never marked the room. */
  lastRead: MessageId | null;
  /** The newest position of the room's log they were told of on the channel; null when never. */
  notifiedThrough: MessageId | null;
}

export interface NotifiedRoom {
  /** What a notification calls the room: the group's name, or the course's code. */
  name: string;
  /** The room's page in the app ("/course/12", "/study-group/34"). */
  url: string;
  readers: RoomReader[];
}

export interface RoomNotificationState {
  /** The room with its members and their marks on the channel, in one read; null when the room is gone. */
  readersOf(room: ChatRoom, channel: NotificationChannel): Promise<NotifiedRoom | null>;
  /** Records that the student was told of the room through `through` on the channel (never moves back). */
  markNotified(userId: UserId, room: ChatRoom, channel: NotificationChannel, through: MessageId): Promise<void>;
}
