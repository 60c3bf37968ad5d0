// Invite links of a group: a secret link the owner shares that lets whoever
// opens it join the group (and its course), until it expires, is used up or
// the owner turns it off (docs/decisions/0104-ways-into-a-private-group.md).
// Whether a link works is decided here from its record and the time, so the
// page that shows a link and the join that uses it answer alike.
import { DomainError } from '@domain/errors';
import type { StudyGroupId } from '@domain/ids';

/** How long a link may work, in hours: an hour, a day, a week (the default), 30 days. */
export const INVITE_LINK_HOURS = [1, 24, 168, 720] as const;
/** How many students may join through one link: one of these, or no limit (null). */
export const INVITE_LINK_USES = [1, 5, 10, 25, 50] as const;
/** Links of one group that work at once (expired, used-up and turned-off ones do not count). */
export const WORKING_INVITE_LINKS = 10;

export interface InviteLinkRecord {
  id: number;
  groupId: StudyGroupId;
  createdAt: Date;
  expiresAt: Date;
  /** Null: no limit. */
  maxUses: number | null;
  /** Students who joined through it. */
  uses: number;
  /** When the owner turned it off; null while on. */
  revokedAt: Date | null;
}

export type InviteLinkState = 'working' | 'expired' | 'used-up' | 'revoked' | 'unknown';

/** Whether the link works at `now`; the owner turning it off is named first, then its time, then its uses. */
export function inviteLinkState(link: Omit<InviteLinkRecord, 'id' | 'groupId' | 'createdAt'> | null, now: Date): InviteLinkState {
  if (!link) return 'unknown';
  if (link.revokedAt !== null) return 'revoked';
  if (link.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (link.maxUses !== null && link.uses >= link.maxUses) return 'used-up';
  return 'working';
}

const LINK_INVALID_MESSAGES: Record<Exclude<InviteLinkState, 'working'>, string> = {
  expired: "This invite link has expired. Ask the group's owner for a new one.",
  'used-up': "This invite link has been used as many times as it allows. Ask the group's owner for a new one.",
  revoked: "This invite link was turned off by the group's owner.",
  unknown: "This invite link does not work: check that you copied all of it, or ask the group's owner for a new one.",
};

/** A link that does not work (any more): 400 LINK_INVALID, saying why. */
export class InviteLinkInvalidError extends DomainError {
  constructor(readonly reason: Exclude<InviteLinkState, 'working'>) {
    super('LINK_INVALID', LINK_INVALID_MESSAGES[reason], { reason });
  }
}

/** Throws unless the link works at `now`. */
export function assertLinkWorks(link: Parameters<typeof inviteLinkState>[0], now: Date): void {
  const state = inviteLinkState(link, now);
  if (state !== 'working') throw new InviteLinkInvalidError(state);
}

class TooManyInviteLinksError extends DomainError {
  constructor() {
    super(
      'TOO_MANY_INVITE_LINKS',
      `A group can have at most ${WORKING_INVITE_LINKS} invite links that work at once. Turn one off to make another.`,
      { limit: WORKING_INVITE_LINKS },
    );
  }
}

/** Counted under the group's lock, in the transaction that then adds the link. */
export function admitInviteLink(workingLinks: number): void {
  if (workingLinks >= WORKING_INVITE_LINKS) throw new TooManyInviteLinksError();
}

export class InviteLinkNotFoundError extends DomainError {
  constructor(linkId: number) {
    super('INVITE_LINK_NOT_FOUND', `This group has no invite link with id ${linkId}.`);
  }
}

/** When a link made at `now` to work for `hours` stops working. */
export function linkExpiry(now: Date, hours: number): Date {
  return new Date(now.getTime() + hours * 60 * 60 * 1000);
}
