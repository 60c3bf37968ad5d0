// The check every chat call starts with.
import { NotRoomMemberError, roomNotFound } from '@domain/chat/chat-errors';
import type { ChatRoom } from '@domain/chat/chat-room';
import type { UserId } from '@domain/ids';
import type { ChatRoomAccess } from '@application/ports/chat-room-access';

/** Passes for a member of the room; 404 for a room that does not exist, 403 otherwise. */
export async function requireRoomMember(access: ChatRoomAccess, userId: UserId, room: ChatRoom): Promise<void> {
  const result = await access.check(userId, room);
  if (result === 'no-room') throw roomNotFound(room);
  if (result === 'not-member') throw new NotRoomMemberError(room);
}
