// One app server (the embedded mode): a departure reaches the only cache there is.
import type { MembershipChanges } from '../../application/ports/membership-changes';
import type { ChatRoom } from '../../domain/chat/chat-room';
import type { CachedChatRoomAccess } from './cached-chat-room-access';

export class LocalMembershipChanges implements MembershipChanges {
  constructor(private readonly cache: CachedChatRoomAccess) {}

  async left(userId: number, room: ChatRoom): Promise<void> {
    this.cache.forget(userId, room);
  }
}
