// Who may read and post in a room: members of the course, or of the study group.
import type { ChatRoom } from '@domain/chat/chat-room';
import type { UserId } from '@domain/ids';

export type RoomAccess = 'member' | 'not-member' | 'no-room';

export interface RoomAccessOptions {
  /**
   * A refusal remembered a short while will do, as a grant always does: for a
   * room the student only watches (a refusal out of date costs a watch a
   * cycle of activity; a 403 would end the student's chat). Without it a
   * refusal is asked afresh, so a student who just joined elsewhere gets in.
   */
  recent?: boolean;
}

export interface ChatRoomAccess {
  check(userId: UserId, room: ChatRoom, options?: RoomAccessOptions): Promise<RoomAccess>;
}
