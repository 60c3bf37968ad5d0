// Read markers for unit tests, with the students' rooms as a small table the
// test fills (the course and group fakes keep no joining times).
import type { ReadMarkers, RoomReadState } from '@application/ports/read-markers';
import type { ChatRoom } from '@domain/chat/chat-room';
import { compareMessageIds, type MessageId } from '@domain/chat/message-id';

const key = (userId: number, room: ChatRoom) => `${userId}:${room.kind}:${room.id}`;

export class InMemoryReadMarkers implements ReadMarkers {
  private readonly markers = new Map<string, MessageId>();
  // Insertion order is joining order.
  private readonly rooms: { userId: number; room: ChatRoom; joinedAt: Date }[] = [];

  joinRoom(userId: number, room: ChatRoom, joinedAt = new Date()): void {
    this.leaveRoom(userId, room);
    this.rooms.push({ userId, room, joinedAt });
  }

  leaveRoom(userId: number, room: ChatRoom): void {
    const index = this.rooms.findIndex((r) => r.userId === userId && key(userId, r.room) === key(userId, room));
    if (index >= 0) this.rooms.splice(index, 1);
  }

  async mark(userId: number, room: ChatRoom, id: MessageId): Promise<MessageId> {
    const current = this.markers.get(key(userId, room));
    const stored = current && compareMessageIds(current, id) >= 0 ? current : { ...id };
    this.markers.set(key(userId, room), stored);
    return { ...stored };
  }

  async roomsOf(userId: number): Promise<RoomReadState[]> {
    const own = this.rooms.filter((r) => r.userId === userId);
    return [...own.filter((r) => r.room.kind === 'course'), ...own.filter((r) => r.room.kind === 'group')].map((r) => {
      const marker = this.markers.get(key(userId, r.room));
      return { room: { ...r.room }, joinedAt: new Date(r.joinedAt), lastRead: marker ? { ...marker } : null };
    });
  }
}
