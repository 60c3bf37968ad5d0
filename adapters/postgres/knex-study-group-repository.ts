// Study groups, members and meetings in Postgres / PGlite. A leave locks
// the group's row (SELECT ... FOR UPDATE) and applies the domain's leave
// (the owner hand-over) in the same transaction, so two members leaving at
// once are serialised and the group is never left without an owner. The
// limited writes count under the same kind of locks (the student's row, then
// the group's) and apply the domain's rule (group-quotas.ts) before writing in
// that transaction: a refusal rolls it back, and parallel calls queue.
import type { Knex } from 'knex';
import type {
  CourseGroupLeave,
  CourseGroupsPage,
  CourseGroupsPosition,
  CourseGroupsQuery,
  NewStudyGroup,
  StudyGroupChanges,
  StudyGroupRepository,
} from '@application/ports/study-group-repository';
import { StudyGroupId, type CourseId, type MeetingId, type UserId } from '@domain/ids';
import { applyLeave, type LeaveOutcome } from '@domain/study-group/group-roles';
import {
  admitGroupCreation,
  admitMeeting,
  admitSizeLimit,
  CREATION_WINDOW_MS,
  effectiveMaxMembers,
} from '@domain/study-group/group-quotas';
import type { MeetingAnswer } from '@domain/study-group/meeting-answers';
import type { MeetingPlan } from '@domain/study-group/meeting-plan';
import { compareMeetings } from '@domain/study-group/meeting-rules';
import type { Meeting, StudyGroup } from '@domain/study-group/study-group';
import { insertMember, lockGroup } from './group-member-insert';
import {
  answerMeeting,
  deleteMemberAnswers,
  insertMeeting,
  readMeetingAnswers,
  readMeetings,
  setOccurrenceCancelled,
  updateMeeting,
} from './knex-meeting-plans';
import { memberProfileColumns, toMemberProfile, type MemberProfileRow } from './member-profile-row';
import { countOf, lockStudent } from './student-lock';

// Ids typed as what they name: the rows are where they enter.
interface GroupRow {
  id: StudyGroupId;
  course_id: CourseId;
  owner_id: UserId;
  name: string;
  description: string;
  is_public: boolean;
  max_members: number | null;
}

const GROUP_COLUMNS = ['g.id', 'g.course_id', 'g.owner_id', 'g.name', 'g.description', 'g.is_public', 'g.max_members'];

export class KnexStudyGroupRepository implements StudyGroupRepository {
  constructor(private readonly db: Knex) {}

  async create(group: NewStudyGroup, now: Date): Promise<StudyGroup> {
    const groupId = await this.db.transaction(async (trx) => {
      await lockStudent(trx, group.ownerId);
      const creations = trx('study_group_creations').where('user_id', group.ownerId);
      await creations
        .clone()
        .andWhere('created_at', '<=', new Date(now.getTime() - CREATION_WINDOW_MS))
        .delete();
      const createdAt: (Date | string)[] = await creations.clone().andWhere('course_id', group.courseId).pluck('created_at');
      const recentCreations = createdAt.map((at) => new Date(at));
      const owned = await countOf(trx('study_groups').where('owner_id', group.ownerId));
      const joined = await countOf(trx('study_group_members').where('user_id', group.ownerId));
      admitGroupCreation({ recentCreations, owned, joined }, now);
      const [{ id }] = await trx('study_groups')
        .insert({
          course_id: group.courseId,
          owner_id: group.ownerId,
          name: group.name,
          description: group.description,
          is_public: group.isPublic,
        })
        .returning('id');
      await trx('study_group_members').insert({ study_group_id: id, user_id: group.ownerId });
      await trx('study_group_creations').insert({ user_id: group.ownerId, course_id: group.courseId, created_at: now });
      return StudyGroupId(id);
    });
    return (await this.findById(groupId))!;
  }

  async findById(groupId: StudyGroupId): Promise<StudyGroup | null> {
    const [group] = await this.hydrate(await this.db('study_groups as g').where('g.id', groupId).select(GROUP_COLUMNS));
    return group ?? null;
  }

  async listCourseGroups({ courseId, viewerId, after, limit }: CourseGroupsQuery): Promise<CourseGroupsPage> {
    // The student's own groups in the course, all of them (as many as one student
    // may be in): their ids answer memberGroupIds and stay out of the others.
    const own: (GroupRow & { seq: number | string })[] = await this.db('study_group_members as m')
      .join('study_groups as g', 'g.id', 'm.study_group_id')
      .where({ 'm.user_id': viewerId, 'g.course_id': courseId })
      .orderBy('m.seq', 'desc')
      .select(...GROUP_COLUMNS, 'm.seq');
    const memberGroupIds = own.map((row) => row.id);
    const rows: GroupRow[] = [];
    if (!after || after.part === 'own') {
      const rest = after ? own.filter((row) => Number(row.seq) < after.lastJoin) : own;
      if (rest.length > limit) {
        const page = rest.slice(0, limit);
        return { groups: await this.hydrate(page), next: { part: 'own', lastJoin: Number(page[page.length - 1].seq) }, memberGroupIds };
      }
      rows.push(...rest);
    }
    // The others, oldest first, on the (course_id, id) index: one more than the
    // room left tells whether a page follows.
    const lastId = after?.part === 'others' ? after.lastId : 0;
    const room = limit - rows.length;
    const others: GroupRow[] = await this.db('study_groups as g')
      .where('g.course_id', courseId)
      .andWhere('g.id', '>', lastId)
      .whereNotIn('g.id', memberGroupIds)
      .orderBy('g.id')
      .limit(room + 1)
      .select(GROUP_COLUMNS);
    rows.push(...others.slice(0, room));
    const next: CourseGroupsPosition | null =
      others.length > room ? { part: 'others', lastId: room > 0 ? others[room - 1].id : lastId } : null;
    return { groups: await this.hydrate(rows), next, memberGroupIds };
  }

  async listByMember(userId: UserId): Promise<StudyGroup[]> {
    const rows = await this.db('study_groups as g')
      .join('study_group_members as m', 'm.study_group_id', 'g.id')
      .where('m.user_id', userId)
      .orderBy('m.seq')
      .select(GROUP_COLUMNS);
    return this.hydrate(rows);
  }

  async addMember(groupId: StudyGroupId, userId: UserId): Promise<boolean> {
    return this.db.transaction(async (trx) => {
      await lockStudent(trx, userId);
      // Gone: its owner left alone between the use case's read and this call.
      const group = await lockGroup(trx, groupId);
      if (!group) return false;
      await insertMember(trx, group, userId);
      return true;
    });
  }

  async removeMember(groupId: StudyGroupId, userId: UserId, nextOwnerId?: UserId): Promise<LeaveOutcome | null> {
    return this.db.transaction(async (trx) => {
      const group: Pick<GroupRow, 'id' | 'owner_id'> | undefined = await trx('study_groups')
        .where('id', groupId)
        .forUpdate()
        .first('id', 'owner_id');
      if (!group) return null;
      return leaveGroup(trx, group, userId, nextOwnerId);
    });
  }

  async removeMemberFromCourseGroups(userId: UserId, courseId: CourseId): Promise<CourseGroupLeave[]> {
    return this.db.transaction(async (trx) => {
      // Locked in id order, the same order every caller uses, so two of these cannot deadlock.
      const groups: Pick<GroupRow, 'id' | 'owner_id'>[] = await trx('study_groups')
        .whereIn('id', trx('study_group_members').where('user_id', userId).select('study_group_id'))
        .andWhere('course_id', courseId)
        .orderBy('id')
        .forUpdate()
        .select('id', 'owner_id');
      const outcomes: CourseGroupLeave[] = [];
      for (const group of groups) outcomes.push({ groupId: group.id, ...(await leaveGroup(trx, group, userId)) });
      return outcomes;
    });
  }

  async update(groupId: StudyGroupId, changes: StudyGroupChanges): Promise<boolean> {
    return this.db.transaction(async (trx) => {
      if (!(await lockGroup(trx, groupId))) return false;
      const { maxMembers } = changes;
      if (maxMembers !== undefined) admitSizeLimit(maxMembers, await countOf(trx('study_group_members').where('study_group_id', groupId)));
      await trx('study_groups')
        .where('id', groupId)
        .update({
          name: changes.name,
          description: changes.description,
          is_public: changes.isPublic,
          ...(maxMembers === undefined ? {} : { max_members: maxMembers }),
        });
      return true;
    });
  }

  async addMeeting(groupId: StudyGroupId, meeting: MeetingPlan): Promise<Meeting | null> {
    return this.db.transaction(async (trx) => {
      if (!(await lockGroup(trx, groupId))) return null;
      admitMeeting(await countOf(trx('meetings').where('study_group_id', groupId)));
      return insertMeeting(trx, groupId, meeting);
    });
  }

  updateMeeting(groupId: StudyGroupId, meetingId: MeetingId, meeting: MeetingPlan): Promise<Meeting | null> {
    return updateMeeting(this.db, groupId, meetingId, meeting);
  }

  async deleteMeeting(groupId: StudyGroupId, meetingId: MeetingId): Promise<boolean> {
    // Counted through RETURNING: knex-pglite answers a bare DELETE with its raw result, not a count.
    const deleted = await this.db('meetings').where({ id: meetingId, study_group_id: groupId }).delete().returning('id');
    return deleted.length > 0;
  }

  setOccurrenceCancelled(groupId: StudyGroupId, meetingId: MeetingId, date: string, cancelled: boolean): Promise<Meeting | null> {
    return setOccurrenceCancelled(this.db, groupId, meetingId, date, cancelled);
  }

  answerMeeting(groupId: StudyGroupId, meetingId: MeetingId, userId: UserId, date: string | null, going: boolean | null): Promise<boolean> {
    return answerMeeting(this.db, groupId, meetingId, userId, date, going);
  }

  meetingAnswers(groupIds: StudyGroupId[], fromDate: string): Promise<MeetingAnswer[]> {
    return readMeetingAnswers(this.db, groupIds, fromDate);
  }

  /**
   * Members and meetings of many groups in three queries, side by side. The
   * owner is always a member (create and the hand-over keep it so); an owner
   * not among them would be read on its own.
   */
  private async hydrate(rows: GroupRow[]): Promise<StudyGroup[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const [memberRows, meetingsOf] = await Promise.all([
      this.db('study_group_members as m')
        .join('users as u', 'u.id', 'm.user_id')
        .whereIn('m.study_group_id', ids)
        .orderBy('m.seq')
        .select('m.study_group_id', ...memberProfileColumns('u')) as Promise<(MemberProfileRow & { study_group_id: StudyGroupId })[]>,
      readMeetings(this.db, ids),
    ]);
    const membersOf = groupBy(memberRows, (row) => row.study_group_id, toMemberProfile);
    const owners = new Map([...membersOf.values()].flat().map((member) => [member.id, member]));
    const missingOwners = [...new Set(rows.map((row) => row.owner_id))].filter((id) => !owners.has(id));
    if (missingOwners.length > 0) {
      const ownerRows: MemberProfileRow[] = await this.db('users as u').whereIn('u.id', missingOwners).select(memberProfileColumns('u'));
      for (const owner of ownerRows.map(toMemberProfile)) owners.set(owner.id, owner);
    }
    return rows.map((row) => ({
      id: row.id,
      courseId: row.course_id,
      name: row.name,
      description: row.description,
      isPublic: row.is_public,
      maxMembers: effectiveMaxMembers(row.max_members),
      owner: owners.get(row.owner_id)!,
      members: membersOf.get(row.id) ?? [],
      meetings: (meetingsOf.get(row.id) ?? []).sort(compareMeetings),
    }));
  }
}

/** The rows' values by group, each list in the rows' order. */
function groupBy<Row, Value>(rows: Row[], groupOf: (row: Row) => number, value: (row: Row) => Value): Map<number, Value[]> {
  const byGroup = new Map<number, Value[]>();
  for (const row of rows) {
    const list = byGroup.get(groupOf(row));
    if (list) list.push(value(row));
    else byGroup.set(groupOf(row), [value(row)]);
  }
  return byGroup;
}

/** Inside a transaction that holds the group's row lock: the domain's leave, on these tables. */
async function leaveGroup(
  trx: Knex.Transaction,
  group: Pick<GroupRow, 'id' | 'owner_id'>,
  userId: UserId,
  nextOwnerId?: UserId,
): Promise<LeaveOutcome> {
  const memberIds: UserId[] = await trx('study_group_members').where('study_group_id', group.id).orderBy('seq').pluck('user_id');
  return applyLeave(
    { ownerId: group.owner_id, memberIds },
    userId,
    {
      // Members, meetings, links and standings go with it (on delete cascade).
      deleteGroup: async () => void (await trx('study_groups').where('id', group.id).delete()),
      setOwner: async (ownerId) => void (await trx('study_groups').where('id', group.id).update({ owner_id: ownerId })),
      removeMember: async (memberId) => {
        await trx('study_group_members').where({ study_group_id: group.id, user_id: memberId }).delete();
        await deleteMemberAnswers(trx, group.id, memberId);
      },
    },
    nextOwnerId,
  );
}
