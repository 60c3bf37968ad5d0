import { MeetingNotFoundError } from '@domain/study-group/study-group-errors';
import type { StudyGroupRepository } from '@application/ports/study-group-repository';
import { requireOwnedGroup, type OwnerCommand } from './study-group-access';

/** The owner deletes a meeting of their group. */
export class CancelMeeting {
  constructor(private readonly groups: StudyGroupRepository) {}

  async execute(command: OwnerCommand & { meetingId: number }): Promise<{ meetingId: number; deleted: true }> {
    const group = await requireOwnedGroup(this.groups, command);
    if (!(await this.groups.deleteMeeting(group.id, command.meetingId))) throw new MeetingNotFoundError(command.meetingId);
    return { meetingId: command.meetingId, deleted: true };
  }
}
