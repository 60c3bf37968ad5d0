// Adding a member to a group, shared by every way in (joining a public group,
// an invite link, an accepted request or invite): inside the caller's
// transaction, after it locked the student (lockStudent) and then the group
// (lockGroup), so the counts admitGroupMember decides from cannot change
// before the insert.
import type { Knex } from 'knex';
import type { StudyGroupId, UserId } from '@domain/ids';
import { admitGroupMember, effectiveMaxMembers } from '@domain/study-group/group-quotas';
import { countOf } from './student-lock';

export interface LockedGroup {
  id: StudyGroupId;
  max_members: number | null;
}

/** The group's row, locked for the rest of the transaction; undefined when there is no such group. */
export function lockGroup(trx: Knex.Transaction, groupId: number): Promise<LockedGroup | undefined> {
  return trx('study_groups').where('id', groupId).forUpdate().first('id', 'max_members');
}

export async function isMemberOf(trx: Knex.Transaction, groupId: StudyGroupId, userId: UserId): Promise<boolean> {
  return Boolean(await trx('study_group_members').where({ study_group_id: groupId, user_id: userId }).first('user_id'));
}

/** Adds the student within the group's size limit and their own limit of groups; false when they are a member already. */
export async function insertMember(trx: Knex.Transaction, group: LockedGroup, userId: UserId): Promise<boolean> {
  if (await isMemberOf(trx, group.id, userId)) return false;
  admitGroupMember({
    memberCount: await countOf(trx('study_group_members').where('study_group_id', group.id)),
    maxMembers: effectiveMaxMembers(group.max_members),
    joined: await countOf(trx('study_group_members').where('user_id', userId)),
  });
  await trx('study_group_members').insert({ study_group_id: group.id, user_id: userId });
  return true;
}
