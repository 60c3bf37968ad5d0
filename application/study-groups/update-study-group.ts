import type { StudyGroupView } from '@domain/study-group/group-view';
import { StudyGroupNotFoundError } from '@domain/study-group/study-group-errors';
import { normaliseStudyGroupDetails } from '@domain/study-group/study-group-rules';
import { refuseBrokenRule } from '@domain/errors';
import { checkSizeLimit } from '@domain/study-group/group-quotas';
import type { Clock } from '@application/ports/clock';
import type { GroupInvitations } from '@application/ports/group-invitations';
import type { StudyGroupRepository } from '@application/ports/study-group-repository';
import type { GroupChanges } from '@application/ports/group-changes';
import { viewGroup } from './group-standings';
import { requireGroup, requireOwnedGroup, type OwnerCommand } from './study-group-access';

export interface UpdateStudyGroupCommand extends OwnerCommand {
  name: string;
  description: string;
  /** Unchanged when left out. */
  isPublic?: boolean;
  /** The size limit, members and owner together (2..the cap, and no fewer than the members now); unchanged when left out. */
  maxMembers?: number;
}

/** The owner renames the group, rewrites its description, makes it public or private, or sets its size limit. */
export class UpdateStudyGroup {
  constructor(
    private readonly groups: StudyGroupRepository,
    private readonly invitations: GroupInvitations,
    private readonly groupChanges: GroupChanges,
    private readonly now: Clock = () => Date.now(),
  ) {}

  async execute(command: UpdateStudyGroupCommand): Promise<StudyGroupView> {
    const group = await requireOwnedGroup(this.groups, command);
    const details = normaliseStudyGroupDetails(command);
    refuseBrokenRule(command.maxMembers === undefined ? null : checkSizeLimit(command.maxMembers));
    const updated = await this.groups.update(group.id, {
      ...details,
      isPublic: command.isPublic ?? group.isPublic,
      maxMembers: command.maxMembers,
    });
    if (!updated) throw new StudyGroupNotFoundError(group.id);
    await this.groupChanges.changed(group);
    return viewGroup(this.invitations, await requireGroup(this.groups, group.id), command.actingUserId, {
      groups: this.groups,
      now: new Date(this.now()),
    });
  }
}
