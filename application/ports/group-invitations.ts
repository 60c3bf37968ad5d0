// The ways into a group besides joining a public one: invite links, requests
// to join and the owner's invites by username. A port of its own beside
// StudyGroupRepository (which keeps groups, members and meetings): its own
// records and reads, with the writes that admit a member done in the same
// transaction as the member's insert, under the same locks (the Knex adapter
// shares the repository's member insert).
import type { MemberProfile } from '@domain/course/course';
import type { StudyGroupId, UserId } from '@domain/ids';
import type { InviteLinkRecord } from '@domain/study-group/invite-links';
import type { GroupStandingRow, StandingChange, StandingOutcome } from '@domain/study-group/join-requests';

export interface NewInviteLink {
  groupId: StudyGroupId;
  expiresAt: Date;
  /** Null: no limit. */
  maxUses: number | null;
}

export interface PendingStudent {
  student: MemberProfile;
  /** When they asked, or were invited. */
  since: Date;
}

export interface GroupPending {
  /** Students asking to join, oldest first. */
  requests: PendingStudent[];
  /** Students the owner invited who have not answered, oldest first. */
  invited: PendingStudent[];
}

/** A join through a link: joined now, or a member already (the link not used). */
export interface LinkJoin {
  groupId: StudyGroupId;
  joined: boolean;
}

export interface GroupInvitations {
  /**
   * A new link, unless the group has as many working links as it may
   * (admitInviteLink, counted under the group's lock). Its token (32 random
   * bytes, base64url) is answered here once: only its SHA-256 hash is kept.
   * Null when there is no such group.
   */
  createLink(link: NewInviteLink, now: Date): Promise<{ link: InviteLinkRecord; token: string } | null>;
  /** The group's links that work at `now`, newest first. */
  workingLinks(groupId: StudyGroupId, now: Date): Promise<InviteLinkRecord[]>;
  /** Turns the link off (again: no change). False when the group has no such link. */
  revokeLink(groupId: StudyGroupId, linkId: number, now: Date): Promise<boolean>;
  /** The link the token names, whatever its state; null for a token no link has. */
  findLink(token: string): Promise<InviteLinkRecord | null>;
  /**
   * The student joins through the link, using it once, atomically: the link
   * must work at `now` (assertLinkWorks) and the student fit the group
   * (admitGroupMember), checked under the group's lock in the transaction
   * that adds the member and counts the use, so parallel joins on a link of
   * one use let exactly one student in. A member already joins nothing and
   * uses nothing. Throws the refusal (LINK_INVALID, GROUP_FULL, ...).
   */
  joinThroughLink(token: string, userId: UserId, now: Date): Promise<LinkJoin>;
  /**
   * Changes the student's standing with the group (planStandingChange, from
   * the standing, membership and counts read under the student's and the
   * group's locks) and makes its write; a 'join' adds the member within the
   * limits. Null when there is no such group.
   */
  changeStanding(groupId: StudyGroupId, studentId: UserId, change: StandingChange, now: Date): Promise<StandingOutcome | null>;
  /** The group's pending requests and invites, with the students' profiles. */
  pendingOf(groupId: StudyGroupId): Promise<GroupPending>;
  /**
   * In one read, for a page of groups: the viewer's standing with each group
   * that has one, and for the groups they own (`ownedIds`) the requests
   * waiting for them. Standings of the groups' members are left out (not counted).
   */
  standings(viewerId: UserId, groupIds: StudyGroupId[], ownedIds: StudyGroupId[]): Promise<Map<StudyGroupId, GroupStandingRow>>;
}
