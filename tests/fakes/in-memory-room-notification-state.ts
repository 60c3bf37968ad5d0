// Rooms as their notifications see them, in memory, for unit tests: the test
// names each room and its readers, moves read markers, and reads the marks.
import type { NotifiedRoom, RoomNotificationState } from '@application/ports/room-notification-state';
import type { ChatRoom } from '@domain/chat/chat-room';
import { compareMessageIds, type MessageId } from '@domain/chat/message-id';
import type { UserId } from '@domain/ids';
import type { NotificationChannel } from '@domain/notifications/notification-preferences';

const roomKey = (room: ChatRoom) => `${room.kind}:${room.id}`;

export class InMemoryRoomNotificationState implements RoomNotificationState {
  private readonly rooms = new Map<string, { name: string; readers: { userId: UserId; username: string; joinedAt: Date }[] }>();
  private readonly read = new Map<string, MessageId>();
  private readonly marks = new Map<string, MessageId>();

  addRoom(room: ChatRoom, name: string, readers: { userId: UserId; username: string; joinedAt: Date }[]): void {
    this.rooms.set(roomKey(room), { name, readers });
  }

  markRead(userId: UserId, room: ChatRoom, id: MessageId): void {
    this.read.set(`${userId}:${roomKey(room)}`, id);
  }

  notifiedThrough(userId: UserId, room: ChatRoom, channel: NotificationChannel): MessageId | null {
    return this.marks.get(`${userId}:${roomKey(room)}:${channel}`) ?? null;
  }

  async readersOf(room: ChatRoom, channel: NotificationChannel): Promise<NotifiedRoom | null> {
    const stored = this.rooms.get(roomKey(room));
    if (!stored) return null;
    return {
      name: stored.name,
      url: room.kind === 'course' ? `/course/${room.id}` : `/study-group/${room.id}`,
      readers: stored.readers.map((reader) => ({
        ...reader,
        lastRead: this.read.get(`${reader.userId}:${roomKey(room)}`) ?? null,
        notifiedThrough: this.notifiedThrough(reader.userId, room, channel),
      })),
    };
  }

  async markNotified(userId: UserId, room: ChatRoom, channel: NotificationChannel, through: MessageId): Promise<void> {
    const key = `${userId}:${roomKey(room)}:${channel}`;
    const current = this.marks.get(key);
    if (!current || compareMessageIds(through, current) > 0) this.marks.set(key, { ...through });
  }
}
