// Membership changes as a list, for tests that check who was told of which room.
import type { MembershipChanges } from '@application/ports/membership-changes';
import type { ChatRoom } from '@domain/chat/chat-room';
import type { UserId } from '@domain/ids';

export class RecordingMembershipChanges implements MembershipChanges {
  /** Who left (or was removed from) which room. */
  readonly told: { userId: UserId; room: ChatRoom }[] = [];
  readonly joins: { userId: UserId; room: ChatRoom }[] = [];
  async joined(userId: UserId, room: ChatRoom): Promise<void> {
    this.joins.push({ userId, room });
  }
  async left(userId: UserId, room: ChatRoom): Promise<void> {
    this.told.push({ userId, room });
  }
}
