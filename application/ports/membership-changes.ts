import type { ChatRoom } from '@domain/chat/chat-room';
import type { UserId } from '@domain/ids';

/**
 * Told when a student joins, leaves (or is removed from) a course or a study
 * group, so that whatever remembers access to the room (the chat's access
 * cache, on every app server: a grant, or a refusal) forgets it at once
 * instead of when its time runs out, and the student's waiting requests look
 * again.
 */
export interface MembershipChanges {
  joined(userId: UserId, room: ChatRoom): Promise<void>;
  left(userId: UserId, room: ChatRoom): Promise<void>;
}
