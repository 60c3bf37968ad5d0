// Who may read and post in a room: members of the course, or of the study group.
import type { ChatRoom } from '../../domain/chat/chat-room';

export type RoomAccess = 'member' | 'not-member' | 'no-room';

export interface ChatRoomAccess {
  check(userId: number, room: ChatRoom): Promise<RoomAccess>;
}
