import type { Meeting } from '@domain/study-group/study-group';
import { StudyGroupNotFoundError } from '@domain/study-group/study-group-errors';
import { normaliseMeeting } from '@domain/study-group/meeting-rules';
import type { StudyGroupRepository } from '@application/ports/study-group-repository';
import type { GroupChanges } from '@application/ports/group-changes';
import { requireOwnedGroup, type OwnerCommand } from './study-group-access';

export interface MeetingCommand extends OwnerCommand {
  day: string;
  time: string;
  location: string;
}

/** The owner adds a weekly meeting. */
export class ScheduleMeeting {
  constructor(
    private readonly groups: StudyGroupRepository,
    private readonly groupChanges: GroupChanges,
  ) {}

  async execute(command: MeetingCommand): Promise<Meeting> {
    const group = await requireOwnedGroup(this.groups, command);
    const meeting = await this.groups.addMeeting(group.id, normaliseMeeting(command));
    if (!meeting) throw new StudyGroupNotFoundError(group.id);
    await this.groupChanges.changed(group);
    return meeting;
  }
}
