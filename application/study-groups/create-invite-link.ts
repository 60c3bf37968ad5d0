import { ValidationError } from '@domain/errors';
import { INVITE_LINK_HOURS, INVITE_LINK_USES, linkExpiry, type InviteLinkRecord } from '@domain/study-group/invite-links';
import { StudyGroupNotFoundError } from '@domain/study-group/study-group-errors';
import type { Clock } from '@application/ports/clock';
import type { GroupInvitations } from '@application/ports/group-invitations';
import type { StudyGroupRepository } from '@application/ports/study-group-repository';
import { requireOwnedGroup, type OwnerCommand } from './study-group-access';

export interface CreateInviteLinkCommand extends OwnerCommand {
  /** One of INVITE_LINK_HOURS. */
  expiresInHours: number;
  /** One of INVITE_LINK_USES, or null: no limit. */
  maxUses: number | null;
}

/** The owner makes an invite link; its token is answered this once. */
export class CreateInviteLink {
  constructor(
    private readonly groups: StudyGroupRepository,
    private readonly invitations: GroupInvitations,
    private readonly now: Clock = () => Date.now(),
  ) {}

  async execute(command: CreateInviteLinkCommand): Promise<{ link: InviteLinkRecord; token: string }> {
    const group = await requireOwnedGroup(this.groups, command);
    if (!(INVITE_LINK_HOURS as readonly number[]).includes(command.expiresInHours))
      throw new ValidationError(`Choose how long the link works: ${INVITE_LINK_HOURS.join(', ')} hours.`, 'expiresInHours');
    if (command.maxUses !== null && !(INVITE_LINK_USES as readonly number[]).includes(command.maxUses))
      throw new ValidationError(`Choose how many may join through it: ${INVITE_LINK_USES.join(', ')}, or no limit.`, 'maxUses');
    const now = new Date(this.now());
    const created = await this.invitations.createLink(
      { groupId: group.id, expiresAt: linkExpiry(now, command.expiresInHours), maxUses: command.maxUses },
      now,
    );
    if (!created) throw new StudyGroupNotFoundError(group.id);
    return created;
  }
}
