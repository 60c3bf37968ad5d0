import type { StudyGroupId } from '@domain/ids';
import type { InviteLinkRecord } from '@domain/study-group/invite-links';
import type { Clock } from '@application/ports/clock';
import type { GroupInvitations, GroupPending } from '@application/ports/group-invitations';
import type { StudyGroupRepository } from '@application/ports/study-group-repository';
import { requireOwnedGroup, type OwnerCommand } from './study-group-access';

export interface GroupInvitationsView extends GroupPending {
  groupId: StudyGroupId;
  /** The links that work now, newest first. */
  links: InviteLinkRecord[];
}

/** The owner's view of the ways into their group: working links, requests to answer, invites not answered. */
export class GetGroupInvitations {
  constructor(
    private readonly groups: StudyGroupRepository,
    private readonly invitations: GroupInvitations,
    private readonly now: Clock = () => Date.now(),
  ) {}

  async execute(command: OwnerCommand): Promise<GroupInvitationsView> {
    const group = await requireOwnedGroup(this.groups, command);
    const [links, pending] = await Promise.all([
      this.invitations.workingLinks(group.id, new Date(this.now())),
      this.invitations.pendingOf(group.id),
    ]);
    return { groupId: group.id, links, ...pending };
  }
}
