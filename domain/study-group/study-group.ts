// A study group of one course: its owner, its members in the order they joined
// (the owner among them) and its meetings (weekly series and single dates).
import type { MemberProfile } from '@domain/course/course';
import type { CourseId, StudyGroupId, UserId } from '@domain/ids';
import type { PlannedMeeting } from './meeting-plan';

/** A group's meeting: its plan, id and cancelled dates (meeting-plan.ts). */
export type Meeting = PlannedMeeting;

export interface StudyGroup {
  id: StudyGroupId;
  courseId: CourseId;
  name: string;
  description: string;
  /** Public: anyone in the course may join. */
  isPublic: boolean;
  owner: MemberProfile;
  /** Everyone in the group, the owner included, in the order they joined. */
  members: MemberProfile[];
  /** Sunday..Saturday, then by time. */
  meetings: Meeting[];
  /** The most members the group takes, the owner included: the owner's size limit, or the default cap (group-quotas.ts). */
  maxMembers: number;
}

/** The count the product shows as "size": the members other than the owner. */
export function groupSize(group: StudyGroup): number {
  return group.members.filter((member) => member.id !== group.owner.id).length;
}

export function isGroupMember(group: StudyGroup, userId: UserId): boolean {
  return group.members.some((member) => member.id === userId);
}
