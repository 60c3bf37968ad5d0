import type { MeetingId } from '@domain/ids';
import { MeetingNotFoundError } from '@domain/study-group/study-group-errors';
import type { StudyGroupRepository } from '@application/ports/study-group-repository';
import type { GroupChanges } from '@application/ports/group-changes';
import type { MeetingNews } from '@application/notifications/group-events';
import { requireOwnedGroup, type OwnerCommand } from './study-group-access';

/** The owner deletes a meeting of their group. */
export class CancelMeeting {
  constructor(
    private readonly groups: StudyGroupRepository,
    private readonly groupChanges: GroupChanges,
    private readonly news?: MeetingNews,
  ) {}

  async execute(command: OwnerCommand & { meetingId: MeetingId }): Promise<{ meetingId: MeetingId; deleted: true }> {
    const group = await requireOwnedGroup(this.groups, command);
    const meeting = group.meetings.find((m) => m.id === command.meetingId);
    if (!meeting || !(await this.groups.deleteMeeting(group.id, command.meetingId))) throw new MeetingNotFoundError(command.meetingId);
    await this.groupChanges.changed(group);
    await this.news?.changed(group, command.actingUserId, 'cancelled', meeting);
    return { meetingId: command.meetingId, deleted: true };
  }
}
