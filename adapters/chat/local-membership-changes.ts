// One app server (the embedded mode): a change reaches the only cache there
// is, and wakes the student's waiting polls, which then look again (after a
// leave they find the door shut; after a join the unread summary counts
// the new room).
import type { MembershipChanges } from '@application/ports/membership-changes';
import { studentTopic } from '@application/ports/chat-signals';
import type { ChatRoom } from '@domain/chat/chat-room';
import type { UserId } from '@domain/ids';
import type { CachedChatRoomAccess } from './cached-chat-room-access';
import type { SignalHub } from './signal-hub';

export class LocalMembershipChanges implements MembershipChanges {
  constructor(
    private readonly cache: CachedChatRoomAccess,
    private readonly hub: SignalHub,
  ) {}

  async joined(userId: UserId, room: ChatRoom): Promise<void> {
    this.apply(userId, room);
  }

  async left(userId: UserId, room: ChatRoom): Promise<void> {
    this.apply(userId, room);
  }

  private apply(userId: UserId, room: ChatRoom): void {
    this.cache.forget(userId, room);
    this.hub.wake(studentTopic(userId));
  }
}
