// Invite links and standings (invites, requests to join) in Postgres / PGlite.
// A link is kept by its token's SHA-256 hash (the secret a mailed link
// carries: 32 random bytes, base64url). Every write that admits a member runs
// in one transaction under the student's lock and then the group's (the
// order every limited write uses), checks what the domain asks (the link
// works, the group has room) and inserts the member there, so parallel joins
// through a link of one use let exactly one student in.
import type { Knex } from 'knex';
import type { GroupInvitations, GroupPending, LinkJoin, NewInviteLink, PendingStudent } from '@application/ports/group-invitations';
import { StudyGroupId, type UserId } from '@domain/ids';
import { admitInviteLink, assertLinkWorks, InviteLinkInvalidError, type InviteLinkRecord } from '@domain/study-group/invite-links';
import {
  planStandingChange,
  type GroupStandingRow,
  type JoinRequestState,
  type StandingChange,
  type StandingOutcome,
} from '@domain/study-group/join-requests';
import { accountTokenHash as tokenHash, newAccountToken as newToken } from '@adapters/security/account-token-secret';
import { insertMember, isMemberOf, lockGroup } from './group-member-insert';
import { memberProfileColumns, toMemberProfile, type MemberProfileRow } from './member-profile-row';
import { countOf, lockStudent } from './student-lock';

const LINKS = 'study_group_invite_links';
const STANDINGS = 'study_group_join_requests';

interface LinkRow {
  id: number;
  study_group_id: number;
  created_at: Date | string;
  expires_at: Date | string;
  max_uses: number | null;
  uses: number;
  revoked_at: Date | string | null;
}

const LINK_COLUMNS = ['id', 'study_group_id', 'created_at', 'expires_at', 'max_uses', 'uses', 'revoked_at'];

function toLink(row: LinkRow): InviteLinkRecord {
  return {
    id: row.id,
    groupId: StudyGroupId(row.study_group_id),
    createdAt: new Date(row.created_at),
    expiresAt: new Date(row.expires_at),
    maxUses: row.max_uses,
    uses: Number(row.uses),
    revokedAt: row.revoked_at === null ? null : new Date(row.revoked_at),
  };
}

/** The stored kind and status, as the domain has them (the table's checks allow only these pairs). */
function toState(row: { kind: string; status: string } | undefined | null): JoinRequestState | null {
  if (!row?.kind) return null;
  return { kind: row.kind, status: row.status } as JoinRequestState;
}

/** The group's links that work at `now`. */
function workingLinksOf(db: Knex | Knex.Transaction, groupId: StudyGroupId, now: Date): Knex.QueryBuilder {
  return db(LINKS)
    .where('study_group_id', groupId)
    .whereNull('revoked_at')
    .andWhere('expires_at', '>', now)
    .andWhere((q) => void q.whereNull('max_uses').orWhereRaw('uses < max_uses'));
}

export class KnexGroupInvitations implements GroupInvitations {
  constructor(private readonly db: Knex) {}

  async createLink(link: NewInviteLink, now: Date): Promise<{ link: InviteLinkRecord; token: string } | null> {
    const token = newToken();
    return this.db.transaction(async (trx) => {
      if (!(await lockGroup(trx, link.groupId))) return null;
      admitInviteLink(await countOf(workingLinksOf(trx, link.groupId, now)));
      const [row]: LinkRow[] = await trx(LINKS)
        .insert({
          study_group_id: link.groupId,
          token_hash: tokenHash(token),
          created_at: now,
          expires_at: link.expiresAt,
          max_uses: link.maxUses,
        })
        .returning(LINK_COLUMNS);
      return { link: toLink(row), token };
    });
  }

  async workingLinks(groupId: StudyGroupId, now: Date): Promise<InviteLinkRecord[]> {
    const rows: LinkRow[] = await workingLinksOf(this.db, groupId, now).orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ]);
    return rows.map(toLink);
  }

  async revokeLink(groupId: StudyGroupId, linkId: number, now: Date): Promise<boolean> {
    const rows = await this.db(LINKS)
      .where({ id: linkId, study_group_id: groupId })
      .update({ revoked_at: this.db.raw('coalesce(revoked_at, ?)', [now]) })
      .returning('id');
    return rows.length > 0;
  }

  async findLink(token: string): Promise<InviteLinkRecord | null> {
    const row: LinkRow | undefined = await this.db(LINKS).where('token_hash', tokenHash(token)).first(LINK_COLUMNS);
    return row ? toLink(row) : null;
  }

  async joinThroughLink(token: string, userId: UserId, now: Date): Promise<LinkJoin> {
    const hash = tokenHash(token);
    return this.db.transaction(async (trx) => {
      await lockStudent(trx, userId);
      const found: Pick<LinkRow, 'study_group_id'> | undefined = await trx(LINKS).where('token_hash', hash).first('study_group_id');
      const group = found && (await lockGroup(trx, found.study_group_id));
      if (!group) throw new InviteLinkInvalidError('unknown');
      // Read again under the group's lock: every join of the group waits here, so each counts the uses of those before it.
      const row: LinkRow = await trx(LINKS).where('token_hash', hash).forUpdate().first(LINK_COLUMNS);
      const groupId = StudyGroupId(group.id);
      if (await isMemberOf(trx, groupId, userId)) return { groupId, joined: false };
      assertLinkWorks(toLink(row), now);
      await insertMember(trx, group, userId);
      await trx(LINKS).where('id', row.id).increment('uses', 1);
      // Whatever invite or request they had is answered by joining.
      await trx(STANDINGS).where({ study_group_id: groupId, user_id: userId }).delete();
      return { groupId, joined: true };
    });
  }

  async changeStanding(groupId: StudyGroupId, studentId: UserId, change: StandingChange, now: Date): Promise<StandingOutcome | null> {
    return this.db.transaction(async (trx) => {
      await lockStudent(trx, studentId);
      const group = await lockGroup(trx, groupId);
      if (!group) return null;
      const mine = trx(STANDINGS).where({ study_group_id: groupId, user_id: studentId });
      const outcome = await planStandingChange(change, {
        current: toState(await mine.clone().first('kind', 'status')),
        isMember: await isMemberOf(trx, groupId, studentId),
        counts: async () => {
          const pending = trx(STANDINGS).where('status', 'pending');
          // One statement at a time: a transaction's connection runs one query at once.
          const pendingRequestsInGroup = await countOf(pending.clone().where({ study_group_id: groupId, kind: 'request' }));
          const pendingRequestsOfStudent = await countOf(pending.clone().where({ user_id: studentId, kind: 'request' }));
          const pendingInvitesInGroup = await countOf(pending.clone().where({ study_group_id: groupId, kind: 'invite' }));
          return { pendingRequestsInGroup, pendingRequestsOfStudent, pendingInvitesInGroup };
        },
      });
      const { write } = outcome;
      if (write === 'join') await insertMember(trx, group, studentId);
      if (write === 'join' || write === 'remove') await mine.clone().delete();
      else if (write !== 'none') {
        await trx(STANDINGS)
          .insert({ study_group_id: groupId, user_id: studentId, kind: write.kind, status: write.status, created_at: now })
          .onConflict(['study_group_id', 'user_id'])
          .merge(['kind', 'status', 'created_at']);
      }
      return outcome;
    });
  }

  async pendingOf(groupId: StudyGroupId): Promise<GroupPending> {
    const rows: (MemberProfileRow & { kind: string; created_at: Date | string })[] = await this.db(`${STANDINGS} as r`)
      .join('users as u', 'u.id', 'r.user_id')
      .where({ 'r.study_group_id': groupId, 'r.status': 'pending' })
      .whereNotExists(notMember(this.db))
      .orderBy([{ column: 'r.created_at' }, { column: 'r.user_id' }])
      .select('r.kind', 'r.created_at', ...memberProfileColumns('u'));
    const of = (kind: string): PendingStudent[] =>
      rows.filter((row) => row.kind === kind).map((row) => ({ student: toMemberProfile(row), since: new Date(row.created_at) }));
    return { requests: of('request'), invited: of('invite') };
  }

  async standings(viewerId: UserId, groupIds: StudyGroupId[], ownedIds: StudyGroupId[]): Promise<Map<StudyGroupId, GroupStandingRow>> {
    if (groupIds.length === 0) return new Map();
    // One statement for the page: the viewer's own rows, and the pending requests of the groups they own (from students outside them).
    const rows: { study_group_id: number; viewer_kind: string | null; viewer_status: string | null; pending: string | number }[] =
      await this.db(`${STANDINGS} as r`)
        .whereIn('r.study_group_id', groupIds)
        .andWhere((q) => {
          q.where('r.user_id', viewerId);
          if (ownedIds.length > 0)
            q.orWhere((owned) => {
              void owned
                .whereIn('r.study_group_id', ownedIds)
                .andWhere({ 'r.kind': 'request', 'r.status': 'pending' })
                .whereNotExists(notMember(this.db));
            });
        })
        .groupBy('r.study_group_id')
        .select(
          'r.study_group_id',
          this.db.raw('max(case when r.user_id = ? then r.kind end) as viewer_kind', [viewerId]),
          this.db.raw('max(case when r.user_id = ? then r.status end) as viewer_status', [viewerId]),
          this.db.raw('count(*) filter (where r.user_id <> ?) as pending', [viewerId]),
        );
    return new Map(
      rows.map((row) => [
        StudyGroupId(row.study_group_id),
        {
          viewer: toState(row.viewer_kind ? { kind: row.viewer_kind, status: row.viewer_status ?? '' } : null),
          pendingRequests: Number(row.pending),
        },
      ]),
    );
  }
}

/** Rows (alias r) of students who are not members of the group: a member's left-over standing is not read. */
function notMember(db: Knex): Knex.QueryBuilder {
  return db('study_group_members as m').whereRaw('m.study_group_id = r.study_group_id and m.user_id = r.user_id').select(db.raw('1'));
}
