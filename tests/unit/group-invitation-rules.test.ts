// The pure rules of the ways into a group: whether an invite link works at a
// given time, its cap, and every change of a student's standing (request,
// invite, their answers) with the caps and refusals, and what a group's
// answer shows each viewer of their standing.
import { describe, expect, it } from 'vitest';
import type { MemberProfile } from '@domain/course/course';
import { DomainError } from '@domain/errors';
import { CourseId, StudyGroupId, UserId } from '@domain/ids';
import { groupAsSeenBy } from '@domain/study-group/group-view';
import { admitInviteLink, assertLinkWorks, inviteLinkState, linkExpiry, WORKING_INVITE_LINKS } from '@domain/study-group/invite-links';
import {
  JOIN_REQUEST_LIMITS,
  planStandingChange,
  standingAsSeenBy,
  type JoinRequestState,
  type StandingChange,
} from '@domain/study-group/join-requests';
import type { StudyGroup } from '@domain/study-group/study-group';

const NOW = new Date('2026-12-01T12:00:00Z');
const HOUR = 3_600_000;

describe('invite link state', () => {
  const link = (over: Partial<{ expiresAt: Date; maxUses: number | null; uses: number; revokedAt: Date | null }> = {}) => ({
    expiresAt: new Date(NOW.getTime() + HOUR),
    maxUses: null,
    uses: 0,
    revokedAt: null,
    ...over,
  });

  it('works until its time, its uses and the owner say otherwise', () => {
    expect(inviteLinkState(link(), NOW)).toBe('working');
    expect(inviteLinkState(link({ maxUses: 5, uses: 4 }), NOW)).toBe('working');
    expect(inviteLinkState(link({ maxUses: 5, uses: 5 }), NOW)).toBe('used-up');
    expect(inviteLinkState(link({ expiresAt: NOW }), NOW)).toBe('expired');
    expect(inviteLinkState(link(), new Date(NOW.getTime() + HOUR + 1))).toBe('expired');
    expect(inviteLinkState(link({ revokedAt: NOW, maxUses: 1, uses: 1, expiresAt: NOW }), NOW)).toBe('revoked');
    expect(inviteLinkState(null, NOW)).toBe('unknown');
  });

  it('refuses a link that does not work with LINK_INVALID and a message saying why', () => {
    const refusal = (l: Parameters<typeof assertLinkWorks>[0]): string[] | null => {
      try {
        assertLinkWorks(l, NOW);
        return null;
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        return [error.code, error.kind, error.message];
      }
    };
    expect(refusal(link())).toBeNull();
    expect(refusal(link({ expiresAt: NOW }))).toEqual([
      'LINK_INVALID',
      'invalid',
      expect.stringMatching(/^This invite link has expired\./),
    ]);
    expect(refusal(link({ revokedAt: NOW }))).toEqual(['LINK_INVALID', 'invalid', "This invite link was turned off by the group's owner."]);
    expect(refusal(link({ maxUses: 1, uses: 1 }))?.[2]).toMatch(/used as many times/);
    expect(refusal(null)?.[2]).toMatch(/does not work/);
  });

  it('expires after the hours chosen, and caps the working links of a group', () => {
    expect(linkExpiry(NOW, 168).getTime() - NOW.getTime()).toBe(168 * HOUR);
    expect(() => admitInviteLink(WORKING_INVITE_LINKS - 1)).not.toThrow();
    expect(() => admitInviteLink(WORKING_INVITE_LINKS)).toThrow(expect.objectContaining({ code: 'TOO_MANY_INVITE_LINKS' }));
  });
});

describe('standing changes', () => {
  const REQUEST: JoinRequestState = { kind: 'request', status: 'pending' };
  const DECLINED: JoinRequestState = { kind: 'request', status: 'declined' };
  const INVITE: JoinRequestState = { kind: 'invite', status: 'pending' };
  const noCounts = { pendingRequestsInGroup: 0, pendingRequestsOfStudent: 0, pendingInvitesInGroup: 0 };
  const plan = (change: StandingChange, current: JoinRequestState | null, isMember = false, counts = noCounts) =>
    planStandingChange(change, { current, isMember, counts: async () => counts }).then(
      (outcome) => outcome,
      (error: DomainError) => error.code,
    );

  it('asking records a request, keeps a pending one, accepts a waiting invite and is refused once declined', async () => {
    expect(await plan('ask', null)).toEqual({ write: REQUEST, isMember: false, joinRequest: REQUEST });
    expect(await plan('ask', REQUEST)).toEqual({ write: 'none', isMember: false, joinRequest: REQUEST });
    expect(await plan('ask', INVITE)).toEqual({ write: 'join', isMember: true, joinRequest: null });
    expect(await plan('ask', DECLINED)).toBe('REQUEST_DECLINED');
  });

  it('caps the requests waiting for a group and a student’s waiting requests', async () => {
    const full = { ...noCounts, pendingRequestsInGroup: JOIN_REQUEST_LIMITS.pendingRequestsPerGroup };
    expect(await plan('ask', null, false, full)).toBe('TOO_MANY_JOIN_REQUESTS');
    const busy = { ...noCounts, pendingRequestsOfStudent: JOIN_REQUEST_LIMITS.pendingRequestsPerStudent };
    expect(await plan('ask', null, false, busy)).toBe('TOO_MANY_PENDING_REQUESTS');
    const invited = { ...noCounts, pendingInvitesInGroup: JOIN_REQUEST_LIMITS.pendingInvitesPerGroup };
    expect(await plan('invite', null, false, invited)).toBe('TOO_MANY_INVITES');
    // Answering what waits is never capped.
    expect(await plan('ask', INVITE, false, { ...full, ...busy })).toMatchObject({ write: 'join' });
  });

  it('the owner accepts or declines a request; a declined one stays declined', async () => {
    expect(await plan('accept-request', REQUEST)).toEqual({ write: 'join', isMember: true, joinRequest: null });
    expect(await plan('decline-request', REQUEST)).toEqual({ write: DECLINED, isMember: false, joinRequest: DECLINED });
    expect(await plan('decline-request', DECLINED)).toEqual({ write: 'none', isMember: false, joinRequest: DECLINED });
    for (const state of [null, INVITE, DECLINED]) expect(await plan('accept-request', state)).toBe('JOIN_REQUEST_NOT_FOUND');
  });

  it('withdrawing removes a pending request only', async () => {
    expect(await plan('withdraw', REQUEST)).toEqual({ write: 'remove', isMember: false, joinRequest: null });
    expect(await plan('withdraw', null)).toEqual({ write: 'none', isMember: false, joinRequest: null });
    expect(await plan('withdraw', DECLINED)).toBe('REQUEST_DECLINED');
    expect(await plan('withdraw', INVITE)).toBe('JOIN_REQUEST_NOT_FOUND');
  });

  it('inviting records an invite (also after a declined request) and accepts a waiting request', async () => {
    expect(await plan('invite', null)).toEqual({ write: INVITE, isMember: false, joinRequest: INVITE });
    expect(await plan('invite', DECLINED)).toEqual({ write: INVITE, isMember: false, joinRequest: INVITE });
    expect(await plan('invite', INVITE)).toEqual({ write: 'none', isMember: false, joinRequest: INVITE });
    expect(await plan('invite', REQUEST)).toEqual({ write: 'join', isMember: true, joinRequest: null });
    expect(await plan('invite', null, true)).toBe('ALREADY_GROUP_MEMBER');
  });

  it('an invite is accepted (join), declined or cancelled (gone); nothing else answers it', async () => {
    expect(await plan('accept-invite', INVITE)).toMatchObject({ write: 'join', isMember: true });
    expect(await plan('decline-invite', INVITE)).toEqual({ write: 'remove', isMember: false, joinRequest: null });
    expect(await plan('cancel-invite', INVITE)).toEqual({ write: 'remove', isMember: false, joinRequest: null });
    for (const change of ['accept-invite', 'decline-invite', 'cancel-invite'] as const)
      for (const state of [null, REQUEST, DECLINED]) expect(await plan(change, state)).toBe('INVITE_NOT_FOUND');
  });

  it('a member needs no standing: any left over goes, and nothing else changes', async () => {
    for (const change of [
      'ask',
      'withdraw',
      'accept-request',
      'decline-request',
      'accept-invite',
      'decline-invite',
      'cancel-invite',
    ] as const) {
      expect(await plan(change, REQUEST, true)).toEqual({ write: 'remove', isMember: true, joinRequest: null });
      expect(await plan(change, null, true)).toEqual({ write: 'none', isMember: true, joinRequest: null });
    }
  });
});

describe('the standing a group shows', () => {
  const person = (id: number): MemberProfile => ({
    id: UserId(id),
    username: `u${id}`,
    firstName: 'A',
    lastName: 'B',
    major: 'M',
    year: '1',
    bio: 'bio',
    verified: true,
  });
  const group: StudyGroup = {
    id: StudyGroupId(1),
    courseId: CourseId(1),
    name: 'G',
    description: '',
    isPublic: false,
    owner: person(1),
    members: [person(1), person(2)],
    meetings: [],
    maxMembers: 50,
  };
  const row = { viewer: { kind: 'request', status: 'declined' } as JoinRequestState, pendingRequests: 4 };

  it('shows the viewer their own standing, the owner the waiting requests, and members no standing', () => {
    expect(standingAsSeenBy(group, UserId(3), row)).toEqual({ joinRequest: row.viewer, pendingRequests: 0 });
    expect(standingAsSeenBy(group, UserId(1), row)).toEqual({ joinRequest: null, pendingRequests: 4 });
    expect(standingAsSeenBy(group, UserId(2), row)).toEqual({ joinRequest: null, pendingRequests: 0 });
    expect(standingAsSeenBy(group, UserId(3), undefined)).toEqual({ joinRequest: null, pendingRequests: 0 });
    expect(groupAsSeenBy(group, UserId(3), row)).toMatchObject({
      withheld: true,
      members: [],
      joinRequest: row.viewer,
      pendingRequests: 0,
    });
  });
});
