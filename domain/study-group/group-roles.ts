// Who may do what in a study group (spec section 6 and the group ownership rules), and what
// leaving does to the group: the owner's place passes to the member the owner
// names, or else to the longest-standing member, and a group whose owner
// leaves alone is deleted, so a group always has an owner who is a member.
import { ValidationError } from '@domain/errors';
import type { UserId } from '@domain/ids';
import {
  GroupPrivateError,
  InvalidNextOwnerError,
  NotCourseMemberError,
  NotGroupMemberError,
  NotGroupOwnerError,
} from './study-group-errors';
import { isGroupMember, type StudyGroup } from './study-group';

/** Editing the group, its meetings and removing members are the owner's alone. */
export function assertGroupOwner(group: StudyGroup, userId: UserId): void {
  if (group.owner.id !== userId) throw new NotGroupOwnerError();
}

/** The group page, its calendar and its chat are for members. */
export function assertGroupMember(group: StudyGroup, userId: UserId): void {
  if (!isGroupMember(group, userId)) throw new NotGroupMemberError();
}

/** Creating a group needs membership of its course. */
export function assertMayCreateIn(isCourseMember: boolean): void {
  if (!isCourseMember) throw new NotCourseMemberError();
}

/**
 * Joining needs membership of the course and a public group. A member joining
 * again is a no-op, so the answer is the same as the first time.
 */
export function mayJoin(group: StudyGroup, userId: UserId, isCourseMember: boolean): 'already-member' | 'join' {
  if (isGroupMember(group, userId)) return 'already-member';
  if (!isCourseMember) throw new NotCourseMemberError();
  if (!group.isPublic) throw new GroupPrivateError();
  return 'join';
}

export interface GroupMembershipState {
  ownerId: UserId;
  /** Every member, the owner included, in the order they joined. */
  memberIds: UserId[];
}

export interface LeaveOutcome {
  /** False when the student was not in the group: nothing changes (leaving is idempotent). */
  wasMember: boolean;
  /** The owner once the student has gone; null when the group goes with them. */
  ownerId: UserId | null;
  groupDeleted: boolean;
}

/**
 * What a leave does. `nextOwnerId` (the owner leaving only) names the member
 * who owns the group next; left out, the longest-standing member does. A next
 * owner who is not another member, or one named by anyone but the leaving
 * owner, is refused: nothing changes.
 */
export function planLeave(state: GroupMembershipState, leavingUserId: UserId, nextOwnerId?: UserId): LeaveOutcome {
  if (!state.memberIds.includes(leavingUserId)) return { wasMember: false, ownerId: state.ownerId, groupDeleted: false };
  if (leavingUserId !== state.ownerId) {
    if (nextOwnerId !== undefined) throw new ValidationError('Only the owner, leaving the group, names its next owner.', 'nextOwnerID');
    return { wasMember: true, ownerId: state.ownerId, groupDeleted: false };
  }
  if (nextOwnerId !== undefined) {
    if (nextOwnerId === leavingUserId || !state.memberIds.includes(nextOwnerId)) throw new InvalidNextOwnerError();
    return { wasMember: true, ownerId: nextOwnerId, groupDeleted: false };
  }
  const successor = state.memberIds.find((id) => id !== leavingUserId);
  if (successor === undefined) return { wasMember: true, ownerId: null, groupDeleted: true };
  return { wasMember: true, ownerId: successor, groupDeleted: false };
}

/** The writes a leave makes, which a repository performs on its own storage. */
export interface LeaveWrites {
  /** The group goes, with its members and meetings. */
  deleteGroup(): Promise<void>;
  setOwner(ownerId: UserId): Promise<void>;
  removeMember(userId: UserId): Promise<void>;
}

/**
 * A student leaves (or is removed from) a group: the one place that keeps the
 * rule "a group always has an owner who is a member". It decides from the
 * group's current members (planLeave, refusing a next owner who is not one
 * before anything is written) and makes the writes, the new owner
 * before the old one goes, so that no state in between breaks the rule. The
 * repository calls it where no other leave from the group can interleave
 * (under its lock on the group), with the members it read there.
 */
export async function applyLeave(
  state: GroupMembershipState,
  leavingUserId: UserId,
  writes: LeaveWrites,
  nextOwnerId?: UserId,
): Promise<LeaveOutcome> {
  const outcome = planLeave(state, leavingUserId, nextOwnerId);
  if (!outcome.wasMember) return outcome;
  if (outcome.ownerId === null) {
    await writes.deleteGroup();
    return outcome;
  }
  if (outcome.ownerId !== state.ownerId) await writes.setOwner(outcome.ownerId);
  await writes.removeMember(leavingUserId);
  return outcome;
}
