// One app server (the embedded mode): a departure reaches the only cache there
// is, and wakes the student's waiting polls, which then find the door shut.
import type { MembershipChanges } from '../../application/ports/membership-changes';
import { studentTopic } from '../../application/ports/chat-signals';
import type { ChatRoom } from '../../domain/chat/chat-room';
import type { CachedChatRoomAccess } from './cached-chat-room-access';
import type { SignalHub } from './signal-hub';

export class LocalMembershipChanges implements MembershipChanges {
  constructor(
    private readonly cache: CachedChatRoomAccess,
    private readonly hub: SignalHub,
  ) {}

  async left(userId: number, room: ChatRoom): Promise<void> {
    this.cache.forget(userId, room);
    this.hub.wake(studentTopic(userId));
  }
}
