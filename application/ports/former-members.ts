import type { UserId } from '@domain/ids';
// Which authors of chat messages deleted their account: their messages stay
// and are shown as "Former member". Asked for the authors of every page of
// messages a student reads, so adapters answer from memory where they can
// (an idle poll reads no messages and asks nothing).

export interface FormerMembers {
  /** The ids among these whose accounts were deleted. */
  among(userIds: readonly UserId[]): Promise<ReadonlySet<UserId>>;
  /** This account was just deleted (so this server says so at once). */
  deleted(userId: UserId): void;
}
