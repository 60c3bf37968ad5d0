import type { MeetingId } from '@domain/ids';
import type { Meeting } from '@domain/study-group/study-group';
import { MeetingNotFoundError } from '@domain/study-group/study-group-errors';
import { normaliseMeeting } from '@domain/study-group/meeting-rules';
import type { StudyGroupRepository } from '@application/ports/study-group-repository';
import type { GroupChanges } from '@application/ports/group-changes';
import type { MeetingCommand } from './schedule-meeting';
import { requireOwnedGroup } from './study-group-access';

/** The owner moves a meeting of their group (a meeting of another group is not found). */
export class UpdateMeeting {
  constructor(
    private readonly groups: StudyGroupRepository,
    private readonly groupChanges: GroupChanges,
  ) {}

  async execute(command: MeetingCommand & { meetingId: MeetingId }): Promise<Meeting> {
    const group = await requireOwnedGroup(this.groups, command);
    const meeting = await this.groups.updateMeeting(group.id, command.meetingId, normaliseMeeting(command));
    if (!meeting) throw new MeetingNotFoundError(command.meetingId);
    await this.groupChanges.changed(group);
    return meeting;
  }
}
