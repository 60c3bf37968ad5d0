import type { MeetingId } from '@domain/ids';
import { MeetingNotFoundError } from '@domain/study-group/study-group-errors';
import type { StudyGroupRepository } from '@application/ports/study-group-repository';
import { requireOwnedGroup, type OwnerCommand } from './study-group-access';

/** The owner deletes a meeting of their group. */
export class CancelMeeting {
  constructor(private readonly groups: StudyGroupRepository) {}

  async execute(command: OwnerCommand & { meetingId: MeetingId }): Promise<{ meetingId: MeetingId; deleted: true }> {
    const group = await requireOwnedGroup(this.groups, command);
    if (!(await this.groups.deleteMeeting(group.id, command.meetingId))) throw new MeetingNotFoundError(command.meetingId);
    return { meetingId: command.meetingId, deleted: true };
  }
}
