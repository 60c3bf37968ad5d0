// Study groups in memory, for unit tests. Leaves and the limited writes
// run one at a time (the in-memory counterpart of the Knex adapter's row
// locks), each applying the domain's rule (leave, group quotas) to the
// records before it changes them.
import type {
  CourseGroupLeave,
  CourseGroupsPage,
  CourseGroupsQuery,
  NewStudyGroup,
  StudyGroupChanges,
  StudyGroupRepository,
} from '@application/ports/study-group-repository';
import type { UserRepository } from '@application/ports/user-repository';
import type { MemberProfile } from '@domain/course/course';
import { MeetingId, StudyGroupId, type CourseId, type UserId } from '@domain/ids';
import { applyLeave, type LeaveOutcome } from '@domain/study-group/group-roles';
import {
  admitGroupCreation,
  admitGroupMember,
  admitMeeting,
  admitSizeLimit,
  CREATION_WINDOW_MS,
  effectiveMaxMembers,
} from '@domain/study-group/group-quotas';
import type { MeetingAnswer } from '@domain/study-group/meeting-answers';
import { isOccurrenceDate, type MeetingPlan } from '@domain/study-group/meeting-plan';
import { compareMeetings } from '@domain/study-group/meeting-rules';
import type { Meeting, StudyGroup } from '@domain/study-group/study-group';

interface GroupRecord extends NewStudyGroup {
  id: StudyGroupId;
  sizeLimit: number | null;
}

interface MemberRecord {
  groupId: StudyGroupId;
  userId: UserId;
  /** Join order, as the Knex adapter's seq column. */
  seq: number;
}

export class InMemoryStudyGroupRepository implements StudyGroupRepository {
  private readonly groups: GroupRecord[] = [];
  // Insertion order is join order.
  private readonly members: MemberRecord[] = [];
  private readonly meetings: (Meeting & { groupId: StudyGroupId })[] = [];
  private readonly answers: MeetingAnswer[] = [];
  private readonly creations: { userId: UserId; courseId: CourseId; at: Date }[] = [];
  private nextGroupId = 1;
  private nextMeetingId = 1;
  private nextSeq = 1;
  /** The leave or limited write in progress: the next one starts when it has settled. */
  private writes: Promise<unknown> = Promise.resolve();

  constructor(private readonly users: UserRepository) {}

  create(group: NewStudyGroup, now: Date): Promise<StudyGroup> {
    return this.oneAtATime(async () => {
      removeWhere(this.creations, (c) => c.userId === group.ownerId && c.at.getTime() <= now.getTime() - CREATION_WINDOW_MS);
      admitGroupCreation(
        {
          recentCreations: this.creations.filter((c) => c.userId === group.ownerId && c.courseId === group.courseId).map((c) => c.at),
          owned: this.groups.filter((g) => g.ownerId === group.ownerId).length,
          joined: this.groupIdsOf(group.ownerId).length,
        },
        now,
      );
      const record = { ...group, id: StudyGroupId(this.nextGroupId++), sizeLimit: null };
      this.groups.push(record);
      this.members.push({ groupId: record.id, userId: group.ownerId, seq: this.nextSeq++ });
      this.creations.push({ userId: group.ownerId, courseId: group.courseId, at: now });
      return this.toGroup(record);
    });
  }

  async findById(groupId: StudyGroupId): Promise<StudyGroup | null> {
    const record = this.group(groupId);
    return record ? this.toGroup(record) : null;
  }

  async listCourseGroups({ courseId, viewerId, after, limit }: CourseGroupsQuery): Promise<CourseGroupsPage> {
    const own = this.members
      .filter((m) => m.userId === viewerId && this.group(m.groupId)?.courseId === courseId)
      .sort((a, b) => b.seq - a.seq);
    const memberGroupIds = own.map((m) => m.groupId);
    const listed = [
      ...own.map((m) => ({ group: this.group(m.groupId)!, at: { part: 'own' as const, lastJoin: m.seq } })),
      ...this.groups
        .filter((g) => g.courseId === courseId && !memberGroupIds.includes(g.id))
        .sort((a, b) => a.id - b.id)
        .map((group) => ({ group, at: { part: 'others' as const, lastId: group.id } })),
    ];
    const start = !after
      ? 0
      : after.part === 'own'
        ? listed.findIndex((entry) => entry.at.part === 'others' || entry.at.lastJoin < after.lastJoin)
        : listed.findIndex((entry) => entry.at.part === 'others' && entry.at.lastId > after.lastId);
    const rest = start < 0 ? [] : listed.slice(start);
    const page = rest.slice(0, limit);
    return {
      groups: await Promise.all(page.map((entry) => this.toGroup(entry.group))),
      next: rest.length > limit ? (page[page.length - 1]?.at ?? after) : null,
      memberGroupIds,
    };
  }

  /** For tests: every group of the course, oldest first (no port lists a whole course). */
  async groupsOfCourse(courseId: CourseId): Promise<StudyGroup[]> {
    return Promise.all(this.groups.filter((g) => g.courseId === courseId).map((g) => this.toGroup(g)));
  }

  async listByMember(userId: UserId): Promise<StudyGroup[]> {
    const records = this.members.filter((m) => m.userId === userId).map((m) => this.group(m.groupId)!);
    return Promise.all(records.map((g) => this.toGroup(g)));
  }

  addMember(groupId: StudyGroupId, userId: UserId): Promise<boolean> {
    return this.oneAtATime(async () => {
      const group = this.group(groupId);
      if (!group) return false;
      const memberIds = this.memberIds(groupId);
      if (memberIds.includes(userId)) return true;
      admitGroupMember({
        memberCount: memberIds.length,
        maxMembers: effectiveMaxMembers(group.sizeLimit),
        joined: this.groupIdsOf(userId).length,
      });
      this.members.push({ groupId, userId, seq: this.nextSeq++ });
      return true;
    });
  }

  removeMember(groupId: StudyGroupId, userId: UserId, nextOwnerId?: UserId): Promise<LeaveOutcome | null> {
    return this.oneAtATime(async () => {
      const group = this.group(groupId);
      return group ? this.leaveGroup(group, userId, nextOwnerId) : null;
    });
  }

  removeMemberFromCourseGroups(userId: UserId, courseId: CourseId): Promise<CourseGroupLeave[]> {
    return this.oneAtATime(async () => {
      const groups = this.groups
        .filter((g) => g.courseId === courseId && this.memberIds(g.id).includes(userId))
        .sort((a, b) => a.id - b.id);
      const outcomes: CourseGroupLeave[] = [];
      for (const group of groups) outcomes.push({ groupId: group.id, ...(await this.leaveGroup(group, userId)) });
      return outcomes;
    });
  }

  update(groupId: StudyGroupId, changes: StudyGroupChanges): Promise<boolean> {
    return this.oneAtATime(async () => {
      const group = this.group(groupId);
      if (!group) return false;
      const { maxMembers, ...details } = changes;
      if (maxMembers !== undefined) {
        admitSizeLimit(maxMembers, this.memberIds(groupId).length);
        group.sizeLimit = maxMembers;
      }
      Object.assign(group, details);
      return true;
    });
  }

  addMeeting(groupId: StudyGroupId, meeting: MeetingPlan): Promise<Meeting | null> {
    return this.oneAtATime(async () => {
      if (!this.group(groupId)) return null;
      admitMeeting(this.meetings.filter((m) => m.groupId === groupId).length);
      const record = { ...meeting, id: MeetingId(this.nextMeetingId++), cancelledDates: [], groupId };
      this.meetings.push(record);
      return toMeeting(record);
    });
  }

  async updateMeeting(groupId: StudyGroupId, meetingId: MeetingId, meeting: MeetingPlan): Promise<Meeting | null> {
    const record = this.meetings.find((m) => m.id === meetingId && m.groupId === groupId);
    if (!record) return null;
    Object.assign(record, meeting);
    record.cancelledDates = record.cancelledDates.filter((date) => isOccurrenceDate(meeting, date));
    removeWhere(this.answers, (a) => a.meetingId === meetingId && a.date !== null && !isOccurrenceDate(meeting, a.date));
    return toMeeting(record);
  }

  async deleteMeeting(groupId: StudyGroupId, meetingId: MeetingId): Promise<boolean> {
    const index = this.meetings.findIndex((m) => m.id === meetingId && m.groupId === groupId);
    if (index >= 0) this.meetings.splice(index, 1);
    removeWhere(this.answers, (a) => a.meetingId === meetingId);
    return index >= 0;
  }

  async setOccurrenceCancelled(groupId: StudyGroupId, meetingId: MeetingId, date: string, cancelled: boolean): Promise<Meeting | null> {
    const record = this.meetings.find((m) => m.id === meetingId && m.groupId === groupId);
    if (!record) return null;
    const others = record.cancelledDates.filter((d) => d !== date);
    record.cancelledDates = (cancelled ? [...others, date] : others).sort();
    return toMeeting(record);
  }

  async answerMeeting(
    groupId: StudyGroupId,
    meetingId: MeetingId,
    userId: UserId,
    date: string | null,
    going: boolean | null,
  ): Promise<boolean> {
    if (!this.meetings.some((m) => m.id === meetingId && m.groupId === groupId)) return false;
    removeWhere(this.answers, (a) => a.meetingId === meetingId && a.userId === userId && a.date === date);
    if (going !== null) this.answers.push({ meetingId, userId, date, going });
    return true;
  }

  async meetingAnswers(groupIds: StudyGroupId[], fromDate: string): Promise<MeetingAnswer[]> {
    const meetingIds = new Set(this.meetings.filter((m) => groupIds.includes(m.groupId)).map((m) => m.id));
    return this.answers.filter((a) => meetingIds.has(a.meetingId) && (a.date === null || a.date >= fromDate)).map((a) => ({ ...a }));
  }

  private group(groupId: StudyGroupId): GroupRecord | undefined {
    return this.groups.find((g) => g.id === groupId);
  }

  private memberIds(groupId: StudyGroupId): UserId[] {
    return this.members.filter((m) => m.groupId === groupId).map((m) => m.userId);
  }

  private groupIdsOf(userId: UserId): StudyGroupId[] {
    return this.members.filter((m) => m.userId === userId).map((m) => m.groupId);
  }

  private oneAtATime<T>(work: () => Promise<T>): Promise<T> {
    const result = this.writes.then(work);
    this.writes = result.catch(() => undefined);
    return result;
  }

  private leaveGroup(group: GroupRecord, userId: UserId, nextOwnerId?: UserId): Promise<LeaveOutcome> {
    return applyLeave(
      { ownerId: group.ownerId, memberIds: this.memberIds(group.id) },
      userId,
      {
        deleteGroup: async () => {
          this.groups.splice(this.groups.indexOf(group), 1);
          removeWhere(this.members, (m) => m.groupId === group.id);
          const meetingIds = new Set(this.meetings.filter((m) => m.groupId === group.id).map((m) => m.id));
          removeWhere(this.meetings, (m) => m.groupId === group.id);
          removeWhere(this.answers, (a) => meetingIds.has(a.meetingId));
        },
        setOwner: async (ownerId) => {
          group.ownerId = ownerId;
        },
        removeMember: async (memberId) => {
          removeWhere(this.members, (m) => m.groupId === group.id && m.userId === memberId);
          const meetingIds = new Set(this.meetings.filter((m) => m.groupId === group.id).map((m) => m.id));
          removeWhere(this.answers, (a) => a.userId === memberId && meetingIds.has(a.meetingId));
        },
      },
      nextOwnerId,
    );
  }

  private async toGroup(record: GroupRecord): Promise<StudyGroup> {
    const ids = this.memberIds(record.id);
    const meetings = this.meetings
      .filter((m) => m.groupId === record.id)
      .map(toMeeting)
      .sort(compareMeetings);
    const [owner, ...members] = await Promise.all([record.ownerId, ...ids].map((id) => this.profile(id)));
    return {
      id: record.id,
      courseId: record.courseId,
      name: record.name,
      description: record.description,
      isPublic: record.isPublic,
      maxMembers: effectiveMaxMembers(record.sizeLimit),
      owner,
      members,
      meetings,
    };
  }

  private async profile(userId: UserId): Promise<MemberProfile> {
    const user = await this.users.findById(userId);
    if (!user) throw new Error(`No user ${userId}`);
    const { id, username, firstName, lastName, major, year, bio, emailVerified } = user;
    return { id, username, firstName, lastName, major, year, bio, verified: emailVerified };
  }
}

function toMeeting({ groupId: _groupId, ...meeting }: Meeting & { groupId?: StudyGroupId }): Meeting {
  return { ...meeting, cancelledDates: [...meeting.cancelledDates] };
}

function removeWhere<T>(list: T[], matches: (item: T) => boolean): void {
  for (let i = list.length - 1; i >= 0; i -= 1) if (matches(list[i])) list.splice(i, 1);
}
