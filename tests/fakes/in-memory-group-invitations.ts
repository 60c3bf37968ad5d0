// Invite links and standings in memory, for unit tests. Writes run one at a
// time (the in-memory counterpart of the Knex adapter's locks), each applying
// the domain's rule (the link works, planStandingChange) before it changes
// anything; members are added through the study-group repository it is given.
import type { GroupInvitations, GroupPending, LinkJoin, NewInviteLink, PendingStudent } from '@application/ports/group-invitations';
import type { StudyGroupRepository } from '@application/ports/study-group-repository';
import type { UserRepository } from '@application/ports/user-repository';
import type { StudyGroupId, UserId } from '@domain/ids';
import {
  admitInviteLink,
  assertLinkWorks,
  InviteLinkInvalidError,
  inviteLinkState,
  type InviteLinkRecord,
} from '@domain/study-group/invite-links';
import {
  planStandingChange,
  type GroupStandingRow,
  type JoinRequestState,
  type StandingChange,
  type StandingOutcome,
} from '@domain/study-group/join-requests';
import { isGroupMember } from '@domain/study-group/study-group';
import { accountTokenHash, newAccountToken } from '@adapters/security/account-token-secret';

interface StandingRecord {
  groupId: StudyGroupId;
  userId: UserId;
  state: JoinRequestState;
  since: Date;
}

export class InMemoryGroupInvitations implements GroupInvitations {
  /** By the token's hash, as the database keeps them. */
  private readonly links = new Map<string, InviteLinkRecord>();
  private readonly records: StandingRecord[] = [];
  private nextLinkId = 1;
  private writes: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly groups: StudyGroupRepository,
    private readonly users: UserRepository,
  ) {}

  createLink(link: NewInviteLink, now: Date): Promise<{ link: InviteLinkRecord; token: string } | null> {
    return this.oneAtATime(async () => {
      if (!(await this.groups.findById(link.groupId))) return null;
      admitInviteLink((await this.workingLinks(link.groupId, now)).length);
      const token = newAccountToken();
      const record: InviteLinkRecord = { ...link, id: this.nextLinkId++, createdAt: now, uses: 0, revokedAt: null };
      this.links.set(accountTokenHash(token), record);
      return { link: { ...record }, token };
    });
  }

  async workingLinks(groupId: StudyGroupId, now: Date): Promise<InviteLinkRecord[]> {
    return [...this.links.values()]
      .filter((link) => link.groupId === groupId && inviteLinkState(link, now) === 'working')
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
      .map((link) => ({ ...link }));
  }

  async revokeLink(groupId: StudyGroupId, linkId: number, now: Date): Promise<boolean> {
    const link = [...this.links.values()].find((l) => l.id === linkId && l.groupId === groupId);
    if (link) link.revokedAt ??= now;
    return Boolean(link);
  }

  async findLink(token: string): Promise<InviteLinkRecord | null> {
    const link = this.links.get(accountTokenHash(token));
    return link ? { ...link } : null;
  }

  joinThroughLink(token: string, userId: UserId, now: Date): Promise<LinkJoin> {
    return this.oneAtATime(async () => {
      const link = this.links.get(accountTokenHash(token));
      const group = link && (await this.groups.findById(link.groupId));
      if (!link || !group) throw new InviteLinkInvalidError('unknown');
      if (isGroupMember(group, userId)) return { groupId: group.id, joined: false };
      assertLinkWorks(link, now);
      if (!(await this.groups.addMember(group.id, userId))) throw new InviteLinkInvalidError('unknown');
      link.uses += 1;
      this.remove(group.id, userId);
      return { groupId: group.id, joined: true };
    });
  }

  changeStanding(groupId: StudyGroupId, studentId: UserId, change: StandingChange, now: Date): Promise<StandingOutcome | null> {
    return this.oneAtATime(async () => {
      const group = await this.groups.findById(groupId);
      if (!group) return null;
      const pending = this.records.filter((r) => r.state.status === 'pending');
      const outcome = await planStandingChange(change, {
        current: this.record(groupId, studentId)?.state ?? null,
        isMember: isGroupMember(group, studentId),
        counts: async () => ({
          pendingRequestsInGroup: pending.filter((r) => r.groupId === groupId && r.state.kind === 'request').length,
          pendingRequestsOfStudent: pending.filter((r) => r.userId === studentId && r.state.kind === 'request').length,
          pendingInvitesInGroup: pending.filter((r) => r.groupId === groupId && r.state.kind === 'invite').length,
        }),
      });
      const { write } = outcome;
      if (write === 'join' && !(await this.groups.addMember(groupId, studentId))) return null;
      if (write === 'join' || write === 'remove') this.remove(groupId, studentId);
      else if (write !== 'none') {
        this.remove(groupId, studentId);
        this.records.push({ groupId, userId: studentId, state: write, since: now });
      }
      return outcome;
    });
  }

  async pendingOf(groupId: StudyGroupId): Promise<GroupPending> {
    const group = await this.groups.findById(groupId);
    const waiting = this.records
      .filter((r) => r.groupId === groupId && r.state.status === 'pending' && !(group && isGroupMember(group, r.userId)))
      .sort((a, b) => a.since.getTime() - b.since.getTime() || a.userId - b.userId);
    const of = async (kind: JoinRequestState['kind']): Promise<PendingStudent[]> =>
      Promise.all(
        waiting
          .filter((r) => r.state.kind === kind)
          .map(async (r) => {
            const user = (await this.users.findById(r.userId))!;
            const { id, username, firstName, lastName, major, year, bio, emailVerified } = user;
            return { student: { id, username, firstName, lastName, major, year, bio, verified: emailVerified }, since: r.since };
          }),
      );
    return { requests: await of('request'), invited: await of('invite') };
  }

  async standings(viewerId: UserId, groupIds: StudyGroupId[], ownedIds: StudyGroupId[]): Promise<Map<StudyGroupId, GroupStandingRow>> {
    const rows = new Map<StudyGroupId, GroupStandingRow>();
    for (const groupId of groupIds) {
      const group = await this.groups.findById(groupId);
      const outside = (r: StandingRecord) => !(group && isGroupMember(group, r.userId));
      const own = this.record(groupId, viewerId);
      const pendingRequests = ownedIds.includes(groupId)
        ? this.records.filter(
            (r) =>
              r.groupId === groupId && r.userId !== viewerId && r.state.kind === 'request' && r.state.status === 'pending' && outside(r),
          ).length
        : 0;
      if (own || pendingRequests > 0) rows.set(groupId, { viewer: own ? { ...own.state } : null, pendingRequests });
    }
    return rows;
  }

  private record(groupId: StudyGroupId, userId: UserId): StandingRecord | undefined {
    return this.records.find((r) => r.groupId === groupId && r.userId === userId);
  }

  private remove(groupId: StudyGroupId, userId: UserId): void {
    const index = this.records.findIndex((r) => r.groupId === groupId && r.userId === userId);
    if (index >= 0) this.records.splice(index, 1);
  }

  private oneAtATime<T>(work: () => Promise<T>): Promise<T> {
    const result = this.writes.then(work);
    this.writes = result.catch(() => undefined);
    return result;
  }
}
