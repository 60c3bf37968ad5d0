import { InviteLinkNotFoundError } from '@domain/study-group/invite-links';
import type { Clock } from '@application/ports/clock';
import type { GroupInvitations } from '@application/ports/group-invitations';
import type { StudyGroupRepository } from '@application/ports/study-group-repository';
import { requireOwnedGroup, type OwnerCommand } from './study-group-access';

/** The owner turns a link of their group off (again: no change); whoever opens it is told so. */
export class RevokeInviteLink {
  constructor(
    private readonly groups: StudyGroupRepository,
    private readonly invitations: GroupInvitations,
    private readonly now: Clock = () => Date.now(),
  ) {}

  async execute(command: OwnerCommand & { linkId: number }): Promise<{ linkId: number; revoked: true }> {
    const group = await requireOwnedGroup(this.groups, command);
    if (!(await this.invitations.revokeLink(group.id, command.linkId, new Date(this.now()))))
      throw new InviteLinkNotFoundError(command.linkId);
    return { linkId: command.linkId, revoked: true };
  }
}
