// A student's standing with a group they are not in: the owner invited them
// (by username), or they asked to join (a private group of their course).
// Every change to a standing is planned here from what the adapter read under
// its locks (the standing, membership and the counts the caps need), so both
// adapters make the same writes and a refusal writes nothing
// (docs/decisions/0104-ways-into-a-private-group.md).
import { DomainError } from '@domain/errors';
import type { StudyGroup } from './study-group';
import { isGroupMember } from './study-group';
import type { UserId } from '@domain/ids';

/**
 * An invite is only ever pending (accepted: a member; declined: gone); a
 * request is pending, or stays declined so that the student cannot ask again.
 */
export type JoinRequestState = { kind: 'invite'; status: 'pending' } | { kind: 'request'; status: 'pending' | 'declined' };

export const JOIN_REQUEST_LIMITS = {
  /** Requests waiting for one group's owner. */
  pendingRequestsPerGroup: 100,
  /** Requests one student has waiting, every group together. */
  pendingRequestsPerStudent: 30,
  /** Invites one group's owner has waiting for an answer. */
  pendingInvitesPerGroup: 100,
} as const;

export type StandingChange =
  /** The student asks to join (accepting the owner's invite if one waits). */
  | 'ask'
  /** The student takes back their pending request. */
  | 'withdraw'
  /** The owner accepts or declines a request. */
  | 'accept-request'
  | 'decline-request'
  /** The owner invites the student (accepting their request if one waits), or takes the invite back. */
  | 'invite'
  | 'cancel-invite'
  /** The student answers the owner's invite. */
  | 'accept-invite'
  | 'decline-invite';

/** What the adapter read where no other change of the group's standings interleaves. */
export interface StandingFacts {
  current: JoinRequestState | null;
  isMember: boolean;
  /** Pending requests of the group, of the student (every group), and pending invites of the group. */
  counts: () => Promise<{ pendingRequestsInGroup: number; pendingRequestsOfStudent: number; pendingInvitesInGroup: number }>;
}

/**
 * The write a change makes: none, the standing set (inserted or replaced),
 * the standing removed, or the student added to the group (within its size
 * limit and theirs: admitGroupMember) with the standing removed.
 */
type StandingWrite = 'none' | 'remove' | 'join' | JoinRequestState;

export interface StandingOutcome {
  write: StandingWrite;
  /** After the change. */
  isMember: boolean;
  joinRequest: JoinRequestState | null;
}

const PENDING_REQUEST: JoinRequestState = { kind: 'request', status: 'pending' };
const DECLINED_REQUEST: JoinRequestState = { kind: 'request', status: 'declined' };
const PENDING_INVITE: JoinRequestState = { kind: 'invite', status: 'pending' };

const is = (state: JoinRequestState | null, kind: JoinRequestState['kind'], status: JoinRequestState['status']) =>
  state?.kind === kind && state.status === status;

const stay = (current: JoinRequestState | null): StandingOutcome => ({ write: 'none', isMember: false, joinRequest: current });
const become = (state: JoinRequestState): StandingOutcome => ({ write: state, isMember: false, joinRequest: state });
const JOIN: StandingOutcome = { write: 'join', isMember: true, joinRequest: null };
const REMOVE: StandingOutcome = { write: 'remove', isMember: false, joinRequest: null };

/** The change, planned from the facts; throws the refusal when it may not happen. */
export async function planStandingChange(change: StandingChange, facts: StandingFacts): Promise<StandingOutcome> {
  const { current, isMember } = facts;
  if (isMember) {
    if (change === 'invite') throw new AlreadyGroupMemberError();
    // A standing left from before the student joined goes; a member needs none.
    return { write: current ? 'remove' : 'none', isMember: true, joinRequest: null };
  }
  switch (change) {
    case 'ask': {
      if (is(current, 'invite', 'pending')) return JOIN;
      if (is(current, 'request', 'declined')) throw new RequestDeclinedError();
      if (is(current, 'request', 'pending')) return stay(current);
      const counts = await facts.counts();
      if (counts.pendingRequestsInGroup >= JOIN_REQUEST_LIMITS.pendingRequestsPerGroup) throw new TooManyJoinRequestsError();
      if (counts.pendingRequestsOfStudent >= JOIN_REQUEST_LIMITS.pendingRequestsPerStudent) throw new TooManyPendingRequestsError();
      return become(PENDING_REQUEST);
    }
    case 'withdraw':
      if (is(current, 'request', 'pending')) return REMOVE;
      if (is(current, 'request', 'declined'))
        throw new RequestDeclinedError('The owner declined your request: there is nothing to take back.');
      if (current === null) return stay(null);
      throw new JoinRequestNotFoundError("You have not asked to join this group: answer the owner's invite instead.");
    case 'accept-request':
      if (is(current, 'request', 'pending')) return JOIN;
      throw new JoinRequestNotFoundError();
    case 'decline-request':
      if (current?.kind === 'request') return current.status === 'declined' ? stay(current) : become(DECLINED_REQUEST);
      throw new JoinRequestNotFoundError();
    case 'invite': {
      if (is(current, 'request', 'pending')) return JOIN;
      if (is(current, 'invite', 'pending')) return stay(current);
      // No standing, or a request the owner declined: the owner may still invite them.
      const counts = await facts.counts();
      if (counts.pendingInvitesInGroup >= JOIN_REQUEST_LIMITS.pendingInvitesPerGroup) throw new TooManyInvitesError();
      return become(PENDING_INVITE);
    }
    case 'cancel-invite':
    case 'decline-invite':
      if (is(current, 'invite', 'pending')) return REMOVE;
      throw new InviteNotFoundError(change === 'cancel-invite');
    case 'accept-invite':
      if (is(current, 'invite', 'pending')) return JOIN;
      throw new InviteNotFoundError(false);
  }
}

/** What the adapter read of a group's standings for one viewer. */
export interface GroupStandingRow {
  /** The viewer's own standing with the group. */
  viewer: JoinRequestState | null;
  /** Requests waiting for the owner's answer (read only for the groups the viewer owns). */
  pendingRequests: number;
}

/** The standing a group's answer carries for this viewer: none for members, the waiting requests for the owner only. */
export interface GroupStanding {
  joinRequest: JoinRequestState | null;
  pendingRequests: number;
}

const NO_STANDING: GroupStanding = { joinRequest: null, pendingRequests: 0 };

export function standingAsSeenBy(group: StudyGroup, viewerId: UserId, row: GroupStandingRow | undefined): GroupStanding {
  if (!row) return NO_STANDING;
  return {
    joinRequest: isGroupMember(group, viewerId) ? null : row.viewer,
    pendingRequests: group.owner.id === viewerId ? row.pendingRequests : 0,
  };
}

export class GroupIsPublicError extends DomainError {
  constructor() {
    super('GROUP_IS_PUBLIC', 'This group is public: join it.');
  }
}

class RequestDeclinedError extends DomainError {
  constructor(message = 'The owner declined your request to join this group, so you cannot ask again. The owner can still invite you.') {
    super('REQUEST_DECLINED', message);
  }
}

class TooManyJoinRequestsError extends DomainError {
  constructor() {
    const limit = JOIN_REQUEST_LIMITS.pendingRequestsPerGroup;
    super('TOO_MANY_JOIN_REQUESTS', `This group already has ${limit} requests waiting for its owner's answer. Try again later.`, { limit });
  }
}

class TooManyPendingRequestsError extends DomainError {
  constructor() {
    const limit = JOIN_REQUEST_LIMITS.pendingRequestsPerStudent;
    super('TOO_MANY_PENDING_REQUESTS', `You have ${limit} requests to join waiting for an answer. Take one back to ask another group.`, {
      limit,
    });
  }
}

class TooManyInvitesError extends DomainError {
  constructor() {
    const limit = JOIN_REQUEST_LIMITS.pendingInvitesPerGroup;
    super('TOO_MANY_INVITES', `This group has ${limit} invites waiting for an answer. Take one back to invite someone else.`, { limit });
  }
}

class JoinRequestNotFoundError extends DomainError {
  constructor(message = 'This student has no request to join this group waiting for an answer.') {
    super('JOIN_REQUEST_NOT_FOUND', message);
  }
}

class InviteNotFoundError extends DomainError {
  constructor(byOwner: boolean) {
    super(
      'INVITE_NOT_FOUND',
      byOwner
        ? 'This student has no invite to this group waiting for an answer.'
        : 'You have no invite to this group waiting for your answer.',
    );
  }
}

/** Unknown username and a student outside the course answer alike: nothing beyond the course's student list is told. */
export class ClassmateNotFoundError extends DomainError {
  constructor(username: string) {
    super('CLASSMATE_NOT_FOUND', `No student of this group's course has the username "${username}".`);
  }
}

class AlreadyGroupMemberError extends DomainError {
  constructor() {
    super('ALREADY_GROUP_MEMBER', 'This student is already a member of the group.');
  }
}
