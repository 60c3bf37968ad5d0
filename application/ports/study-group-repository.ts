import type { CourseId, MeetingId, StudyGroupId, UserId } from '@domain/ids';
import type { LeaveOutcome } from '@domain/study-group/group-roles';
import type { MeetingAnswer } from '@domain/study-group/meeting-answers';
import type { MeetingPlan } from '@domain/study-group/meeting-plan';
import type { Meeting, StudyGroup } from '@domain/study-group/study-group';

export interface NewStudyGroup {
  courseId: CourseId;
  ownerId: UserId;
  name: string;
  description: string;
  isPublic: boolean;
}

export interface StudyGroupChanges {
  name: string;
  description: string;
  isPublic: boolean;
  /** The owner's size limit, members and owner together; left out: unchanged. */
  maxMembers?: number;
}

export interface CourseGroupLeave extends LeaveOutcome {
  groupId: StudyGroupId;
}

/**
 * Where a page of a course's groups starts: just past the last group the
 * page before listed. The list is the student's own groups, most recently
 * joined first (`own`: `lastJoin` is that group's place in the join order),
 * then the course's other groups, oldest first (`others`: `lastId`, 0 before
 * the first).
 */
export type CourseGroupsPosition = { part: 'own'; lastJoin: number } | { part: 'others'; lastId: number };

export interface CourseGroupsQuery {
  courseId: CourseId;
  /** The student the list is for: their groups come first. */
  viewerId: UserId;
  /** Null: the first page. */
  after: CourseGroupsPosition | null;
  /** At most this many groups. */
  limit: number;
}

export interface CourseGroupsPage {
  groups: StudyGroup[];
  /** Where the next page starts; null when this page ends the list. */
  next: CourseGroupsPosition | null;
  /** Every group of the course the student is in (not only this page's), most recently joined first. */
  memberGroupIds: StudyGroupId[];
}

/**
 * Study groups, their members and their meetings. Membership changes that
 * decide ownership run atomically (one transaction in the Knex adapter, under
 * a lock on the group), so students leaving at once never leave a group without
 * an owner or an owner outside the group. The writes that the limits of
 * domain/study-group/group-quotas.ts bound decide with counts read under a
 * lock on the student and/or the group, in the transaction that writes, and
 * throw the rule's refusal with nothing written: parallel calls cannot pass a
 * limit together.
 */
export interface StudyGroupRepository {
  /**
   * Creates the group with its owner as the first member, unless the owner
   * may not start another now (admitGroupCreation: owned, joined, and
   * started in this course in the 24 hours before `now`).
   */
  create(group: NewStudyGroup, now: Date): Promise<StudyGroup>;
  findById(groupId: StudyGroupId): Promise<StudyGroup | null>;
  /**
   * One page of the course's groups as a student sees them listed (keyset
   * paging: a group listed once is never listed again further on, and a
   * group that stays is never skipped, whatever is created or deleted
   * between pages, as long as the student's own memberships stay).
   */
  listCourseGroups(query: CourseGroupsQuery): Promise<CourseGroupsPage>;
  /** The student's groups in every course, in the order they joined them. */
  listByMember(userId: UserId): Promise<StudyGroup[]>;
  /**
   * Idempotent. False when the group no longer exists. A new member must fit
   * the group's size limit and their own limit of groups (admitGroupMember).
   */
  addMember(groupId: StudyGroupId, userId: UserId): Promise<boolean>;
  /**
   * The student leaves (or is removed): the owner's place passes to
   * `nextOwnerId` (the owner leaving may name another member) or else to the
   * longest-standing member, and a group left by its only member is deleted
   * (applyLeave in domain/study-group/group-roles.ts, run under the
   * adapter's lock on the group: a next owner who is not another member is
   * refused with nothing changed). Idempotent. Null when there is no such group.
   */
  removeMember(groupId: StudyGroupId, userId: UserId, nextOwnerId?: UserId): Promise<LeaveOutcome | null>;
  /** The student leaves every group of the course, under the same rules, in one transaction. */
  removeMemberFromCourseGroups(userId: UserId, courseId: CourseId): Promise<CourseGroupLeave[]>;
  /** False when there is no such group. A size limit must hold the members the group has (admitSizeLimit). */
  update(groupId: StudyGroupId, changes: StudyGroupChanges): Promise<boolean>;
  /** Null when there is no such group. Refused past the meetings a group may have (admitMeeting). */
  addMeeting(groupId: StudyGroupId, meeting: MeetingPlan): Promise<Meeting | null>;
  /**
   * Null when the group has no meeting with that id. Cancelled dates and
   * answers for dates that are no occurrence of the new plan go (a moved
   * series starts with a clean slate on its new days; the series answers stay).
   */
  updateMeeting(groupId: StudyGroupId, meetingId: MeetingId, meeting: MeetingPlan): Promise<Meeting | null>;
  /** False when the group has no meeting with that id. Its cancellations and answers go with it. */
  deleteMeeting(groupId: StudyGroupId, meetingId: MeetingId): Promise<boolean>;
  /**
   * Cancels (or, `cancelled` false, restores) the occurrence on `date`
   * (YYYY-MM-DD; the use case checks it is one). Idempotent. The meeting
   * after the change; null when the group has no meeting with that id.
   */
  setOccurrenceCancelled(groupId: StudyGroupId, meetingId: MeetingId, date: string, cancelled: boolean): Promise<Meeting | null>;
  /**
   * The student's answer for the occurrence on `date`, or for the series
   * (`date` null), replaced; `going` null clears it. False when the group has
   * no meeting with that id. A student's answers go when they leave the group.
   */
  answerMeeting(groupId: StudyGroupId, meetingId: MeetingId, userId: UserId, date: string | null, going: boolean | null): Promise<boolean>;
  /**
   * The answers for the meetings of these groups, in one read: series answers
   * and answers for occurrences on or after `fromDate` (YYYY-MM-DD). Any order.
   */
  meetingAnswers(groupIds: StudyGroupId[], fromDate: string): Promise<MeetingAnswer[]>;
}
