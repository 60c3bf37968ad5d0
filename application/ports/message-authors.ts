import type { UserId } from '@domain/ids';
import type { AuthorRecord } from './user-repository';
// The authors of chat messages as a read names them: their first and last
// names now (so a student who left the room keeps their name on their old
// messages), or that they deleted their account (their messages stay, shown as
// "Former member"). Asked for the authors of every page of messages a student
// reads, so adapters answer from memory where they can (an idle poll reads no
// messages and asks nothing).

export interface MessageAuthors {
  /** The ids among these that are accounts (deleted ones too): their names now, or that they are gone. */
  among(userIds: readonly UserId[]): Promise<ReadonlyMap<UserId, AuthorRecord>>;
  /** This account was just deleted (so this server says so at once). */
  deleted(userId: UserId): void;
  /** This account's names just changed (so this server shows the new ones at once). */
  renamed(userId: UserId): void;
}
