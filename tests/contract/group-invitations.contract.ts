// One behaviour for every GroupInvitations adapter: invite links (made, listed
// while they work, turned off, capped, their token shown once and found
// again), joins through a link (uses counted, a member uses nothing, exactly
// one of a parallel burst gets a link of one use, a full group refuses),
// standings (request, invite, accept, decline, withdraw) and the one read of
// a page of groups' standings.
import { beforeAll, describe, expect, it } from 'vitest';
import type { GroupInvitations } from '@application/ports/group-invitations';
import type { StudyGroupRepository } from '@application/ports/study-group-repository';
import type { UserRepository } from '@application/ports/user-repository';
import { toCourseQuery } from '@domain/course/course-search';
import { DomainError } from '@domain/errors';
import { StudyGroupId, type CourseId } from '@domain/ids';
import { CREATION_WINDOW_MS } from '@domain/study-group/group-quotas';
import { WORKING_INVITE_LINKS } from '@domain/study-group/invite-links';
import type { User } from '@domain/user/user';
import type { CatalogStore } from '@tests/support/catalog-store';
import { CATALOG_FIXTURE } from './course-catalog.contract';
import { storeStudent } from '@tests/support/stored-student';

export interface GroupInvitationsWorld {
  invitations: GroupInvitations;
  groups: StudyGroupRepository;
  catalog: CatalogStore;
  users: UserRepository;
}

const HOUR = 60 * 60 * 1000;

export function groupInvitationsContract(makeWorld: () => Promise<GroupInvitationsWorld>) {
  describe('GroupInvitations contract', () => {
    let world: GroupInvitationsWorld;
    let courseId: CourseId;
    let made = 0;
    const now = new Date(Date.UTC(2025, 9, 1, 12));
    const later = (hours: number) => new Date(now.getTime() + hours * HOUR);

    const student = async (): Promise<User> => {
      made += 1;
      return storeStudent(world.users, `inv${made}_${Date.now() % 100000}`, { firstName: `First${made}`, year: '2' });
    };
    let day = 0;
    const groupOf = async (owner: User, ...members: User[]) => {
      const at = new Date(Date.UTC(2025, 0, 1) + (day += 1) * CREATION_WINDOW_MS);
      const group = await world.groups.create({ courseId, ownerId: owner.id, name: 'Private prep', description: '', isPublic: false }, at);
      for (const member of members) await world.groups.addMember(group.id, member.id);
      return group.id;
    };
    const memberIds = async (groupId: StudyGroupId) => (await world.groups.findById(groupId))?.members.map((m) => m.id);
    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => null,
        (error: unknown) =>
          error instanceof DomainError ? `${error.code}${error.details.reason ? `:${error.details.reason}` : ''}` : error,
      );
    const link = (groupId: StudyGroupId, maxUses: number | null = null, hours = 168) =>
      world.invitations.createLink({ groupId, expiresAt: later(hours), maxUses }, now).then((created) => created!);

    beforeAll(async () => {
      world = await makeWorld();
      await world.catalog.upsert(CATALOG_FIXTURE.slice(0, 2));
      courseId = (await world.catalog.search(toCourseQuery({}), 1)).courses[0].id;
    });

    it('makes a link with a fresh random token, found again by it, and lists the working ones newest first', async () => {
      const groupId = await groupOf(await student());
      const first = await link(groupId, 5, 24);
      const second = await world.invitations.createLink({ groupId, expiresAt: later(1), maxUses: null }, later(0.5));
      expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(second!.token).not.toBe(first.token);
      expect(first.link).toEqual({
        id: expect.any(Number),
        groupId,
        createdAt: now,
        expiresAt: later(24),
        maxUses: 5,
        uses: 0,
        revokedAt: null,
      });
      expect(await world.invitations.findLink(first.token)).toEqual(first.link);
      expect(await world.invitations.findLink('A'.repeat(43))).toBeNull();
      expect((await world.invitations.workingLinks(groupId, now)).map((l) => l.id)).toEqual([second!.link.id, first.link.id]);
      // An hour and a half on, the one-hour link has expired.
      expect((await world.invitations.workingLinks(groupId, later(1.5))).map((l) => l.id)).toEqual([first.link.id]);
      expect(await world.invitations.createLink({ groupId: StudyGroupId(9_999_999), expiresAt: later(1), maxUses: null }, now)).toBeNull();
    });

    it('turns a link off (only the group’s own), and keeps at most the allowed number working', async () => {
      const groupId = await groupOf(await student());
      const otherGroup = await groupOf(await student());
      const links = [];
      for (let i = 0; i < WORKING_INVITE_LINKS; i += 1) links.push(await link(groupId));
      expect(await refusal(link(groupId))).toBe('TOO_MANY_INVITE_LINKS');
      expect(await world.invitations.revokeLink(otherGroup, links[0].link.id, now)).toBe(false);
      expect(await world.invitations.revokeLink(groupId, links[0].link.id, now)).toBe(true);
      expect(await world.invitations.revokeLink(groupId, links[0].link.id, later(1))).toBe(true);
      expect((await world.invitations.findLink(links[0].token))?.revokedAt).toEqual(now);
      expect(await world.invitations.workingLinks(groupId, now)).toHaveLength(WORKING_INVITE_LINKS - 1);
      expect(await refusal(link(groupId))).toBeNull();
    });

    it('joins through a link and counts the use; a member uses nothing; a link of one use is used up', async () => {
      const owner = await student();
      const [a, b] = [await student(), await student()];
      const groupId = await groupOf(owner);
      const { token } = await link(groupId, 1);
      expect(await world.invitations.joinThroughLink(token, a.id, now)).toEqual({ groupId, joined: true });
      expect(await world.invitations.joinThroughLink(token, a.id, now)).toEqual({ groupId, joined: false });
      expect((await world.invitations.findLink(token))?.uses).toBe(1);
      expect(await refusal(world.invitations.joinThroughLink(token, b.id, now))).toBe('LINK_INVALID:used-up');
      expect(await memberIds(groupId)).toEqual([owner.id, a.id]);
    });

    it('refuses an expired, turned-off or unknown link, and a full group, without counting a use', async () => {
      const owner = await student();
      const a = await student();
      const groupId = await groupOf(owner);
      const expiring = await link(groupId, null, 1);
      expect(await refusal(world.invitations.joinThroughLink(expiring.token, a.id, later(2)))).toBe('LINK_INVALID:expired');
      const revoked = await link(groupId);
      await world.invitations.revokeLink(groupId, revoked.link.id, now);
      expect(await refusal(world.invitations.joinThroughLink(revoked.token, a.id, now))).toBe('LINK_INVALID:revoked');
      expect(await refusal(world.invitations.joinThroughLink('B'.repeat(43), a.id, now))).toBe('LINK_INVALID:unknown');
      await world.groups.update(groupId, { name: 'Private prep', description: '', isPublic: false, maxMembers: 2 });
      const open = await link(groupId);
      expect(await world.invitations.joinThroughLink(open.token, a.id, now)).toEqual({ groupId, joined: true });
      expect(await refusal(world.invitations.joinThroughLink(open.token, (await student()).id, now))).toBe('GROUP_FULL');
      expect((await world.invitations.findLink(open.token))?.uses).toBe(1);
    });

    it('lets exactly one of ten students in at once through a link of one use', async () => {
      const owner = await student();
      const groupId = await groupOf(owner);
      const { token } = await link(groupId, 1);
      const crowd = await Promise.all(Array.from({ length: 10 }, () => student()));
      const outcomes = await Promise.all(crowd.map((s) => refusal(world.invitations.joinThroughLink(token, s.id, now))));
      expect(outcomes.filter((o) => o === null)).toHaveLength(1);
      expect(outcomes.filter((o) => o === 'LINK_INVALID:used-up')).toHaveLength(9);
      expect(await memberIds(groupId)).toHaveLength(2);
      expect((await world.invitations.findLink(token))?.uses).toBe(1);
    });

    it('records a request, lists it for the owner, and accepts it into the group', async () => {
      const owner = await student();
      const asker = await student();
      const groupId = await groupOf(owner);
      const asked = await world.invitations.changeStanding(groupId, asker.id, 'ask', now);
      expect(asked).toEqual({
        write: { kind: 'request', status: 'pending' },
        isMember: false,
        joinRequest: { kind: 'request', status: 'pending' },
      });
      expect((await world.invitations.changeStanding(groupId, asker.id, 'ask', later(1)))?.write).toBe('none');
      const pending = await world.invitations.pendingOf(groupId);
      expect(pending.invited).toEqual([]);
      expect(pending.requests).toEqual([{ student: expect.objectContaining({ id: asker.id, username: asker.username }), since: now }]);
      expect(JSON.stringify(pending)).not.toMatch(/email|password/i);
      const accepted = await world.invitations.changeStanding(groupId, asker.id, 'accept-request', now);
      expect(accepted).toEqual({ write: 'join', isMember: true, joinRequest: null });
      expect(await memberIds(groupId)).toEqual([owner.id, asker.id]);
      expect(await world.invitations.pendingOf(groupId)).toEqual({ requests: [], invited: [] });
      expect(await world.invitations.changeStanding(StudyGroupId(9_999_999), asker.id, 'ask', now)).toBeNull();
    });

    it('keeps a declined request declined (no asking again) until the owner invites the student', async () => {
      const owner = await student();
      const asker = await student();
      const groupId = await groupOf(owner);
      await world.invitations.changeStanding(groupId, asker.id, 'ask', now);
      expect((await world.invitations.changeStanding(groupId, asker.id, 'decline-request', now))?.joinRequest).toEqual({
        kind: 'request',
        status: 'declined',
      });
      expect(await refusal(world.invitations.changeStanding(groupId, asker.id, 'ask', now))).toBe('REQUEST_DECLINED');
      expect(await refusal(world.invitations.changeStanding(groupId, asker.id, 'withdraw', now))).toBe('REQUEST_DECLINED');
      expect(await refusal(world.invitations.changeStanding(groupId, asker.id, 'accept-request', now))).toBe('JOIN_REQUEST_NOT_FOUND');
      expect((await world.invitations.pendingOf(groupId)).requests).toEqual([]);
      expect((await world.invitations.changeStanding(groupId, asker.id, 'invite', later(1)))?.joinRequest).toEqual({
        kind: 'invite',
        status: 'pending',
      });
      expect((await world.invitations.pendingOf(groupId)).invited.map((p) => [p.student.id, p.since])).toEqual([[asker.id, later(1)]]);
      expect(await world.invitations.changeStanding(groupId, asker.id, 'accept-invite', now)).toMatchObject({ isMember: true });
      expect(await memberIds(groupId)).toEqual([owner.id, asker.id]);
    });

    it('answers invites: asking accepts one, declining or cancelling removes it, a member cannot be invited', async () => {
      const owner = await student();
      const [a, b, c] = [await student(), await student(), await student()];
      const groupId = await groupOf(owner);
      for (const s of [a, b, c]) await world.invitations.changeStanding(groupId, s.id, 'invite', now);
      expect(await world.invitations.changeStanding(groupId, a.id, 'ask', now)).toEqual({
        write: 'join',
        isMember: true,
        joinRequest: null,
      });
      expect((await world.invitations.changeStanding(groupId, b.id, 'decline-invite', now))?.joinRequest).toBeNull();
      expect((await world.invitations.changeStanding(groupId, c.id, 'cancel-invite', now))?.joinRequest).toBeNull();
      expect(await refusal(world.invitations.changeStanding(groupId, c.id, 'accept-invite', now))).toBe('INVITE_NOT_FOUND');
      expect(await refusal(world.invitations.changeStanding(groupId, a.id, 'invite', now))).toBe('ALREADY_GROUP_MEMBER');
      // A request to an owner who is inviting the asker: the invite accepts it.
      await world.invitations.changeStanding(groupId, b.id, 'ask', now);
      expect(await world.invitations.changeStanding(groupId, b.id, 'invite', now)).toMatchObject({ write: 'join', isMember: true });
      expect(await memberIds(groupId)).toEqual([owner.id, a.id, b.id]);
      // A withdrawn request is gone.
      await world.invitations.changeStanding(groupId, c.id, 'ask', now);
      expect((await world.invitations.changeStanding(groupId, c.id, 'withdraw', now))?.write).toBe('remove');
      expect(await world.invitations.pendingOf(groupId)).toEqual({ requests: [], invited: [] });
    });

    it('admits within the size limit: accepting a request into a full group is refused and the request stays', async () => {
      const owner = await student();
      const [a, b] = [await student(), await student()];
      const groupId = await groupOf(owner, a);
      await world.groups.update(groupId, { name: 'Private prep', description: '', isPublic: false, maxMembers: 2 });
      await world.invitations.changeStanding(groupId, b.id, 'ask', now);
      expect(await refusal(world.invitations.changeStanding(groupId, b.id, 'accept-request', now))).toBe('GROUP_FULL');
      expect((await world.invitations.pendingOf(groupId)).requests.map((p) => p.student.id)).toEqual([b.id]);
    });

    it('reads a page of groups’ standings at once: the viewer’s own, and the requests waiting for the groups they own', async () => {
      const viewer = await student();
      const other = await student();
      const [x, y, z] = [await student(), await student(), await student()];
      const owned = await groupOf(viewer, z);
      const asked = await groupOf(other);
      const invited = await groupOf(other);
      const quiet = await groupOf(other);
      for (const s of [x, y]) await world.invitations.changeStanding(owned, s.id, 'ask', now);
      await world.invitations.changeStanding(owned, x.id, 'decline-request', now);
      await world.invitations.changeStanding(owned, z.id, 'ask', now); // a member: nothing recorded
      await world.invitations.changeStanding(asked, viewer.id, 'ask', now);
      await world.invitations.changeStanding(invited, viewer.id, 'invite', now);
      const standings = await world.invitations.standings(viewer.id, [owned, asked, invited, quiet], [owned]);
      expect(standings.get(owned)).toEqual({ viewer: null, pendingRequests: 1 });
      expect(standings.get(asked)).toEqual({ viewer: { kind: 'request', status: 'pending' }, pendingRequests: 0 });
      expect(standings.get(invited)).toEqual({ viewer: { kind: 'invite', status: 'pending' }, pendingRequests: 0 });
      expect(standings.get(quiet)?.viewer ?? null).toBeNull();
      // Another viewer of the owned group: the requests waiting are not theirs to count.
      expect((await world.invitations.standings(x.id, [owned], [])).get(owned)).toEqual({
        viewer: { kind: 'request', status: 'declined' },
        pendingRequests: 0,
      });
      expect(await world.invitations.standings(viewer.id, [], [])).toEqual(new Map());
    });
  });
}
