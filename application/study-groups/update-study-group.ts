import type { StudyGroup } from '../../domain/study-group/study-group';
import { StudyGroupNotFoundError } from '../../domain/study-group/study-group-errors';
import { normaliseStudyGroupDetails } from '../../domain/study-group/study-group-rules';
import type { StudyGroupRepository } from '../ports/study-group-repository';
import { requireGroup, requireOwnedGroup, type OwnerCommand } from './study-group-access';

export interface UpdateStudyGroupCommand extends OwnerCommand {
  name: string;
  description: string;
  /** Unchanged when left out. */
  isPublic?: boolean;
}

/** The owner renames the group, rewrites its description or makes it public or private. */
export class UpdateStudyGroup {
  constructor(private readonly groups: StudyGroupRepository) {}

  async execute(command: UpdateStudyGroupCommand): Promise<StudyGroup> {
    const group = await requireOwnedGroup(this.groups, command);
    const details = normaliseStudyGroupDetails(command);
    const updated = await this.groups.update(group.id, { ...details, isPublic: command.isPublic ?? group.isPublic });
    if (!updated) throw new StudyGroupNotFoundError(group.id);
    return requireGroup(this.groups, group.id);
  }
}
