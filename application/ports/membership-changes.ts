import type { ChatRoom } from '../../domain/chat/chat-room';

/**
 * Told when a student leaves (or is removed from) a course or a study group, so
 * that whatever remembers access to the room (the chat's membership cache, on
 * every app server) forgets it at once instead of when its time runs out.
 */
export interface MembershipChanges {
  left(userId: number, room: ChatRoom): Promise<void>;
}
