import type { MeetingId } from '@domain/ids';
import { checkCancellableDate } from '@domain/study-group/meeting-answers';
import type { Meeting } from '@domain/study-group/study-group';
import { MeetingNotFoundError } from '@domain/study-group/study-group-errors';
import type { Clock } from '@application/ports/clock';
import type { GroupChanges } from '@application/ports/group-changes';
import type { MeetingNews } from '@application/notifications/group-events';
import type { StudyGroupRepository } from '@application/ports/study-group-repository';
import { requireOwnedGroup, type OwnerCommand } from './study-group-access';

export interface MeetingOccurrenceCommand extends OwnerCommand {
  meetingId: MeetingId;
  /** YYYY-MM-DD: an occurrence of the weekly series, today or later. */
  date: string;
  /** True: cancel that date; false: restore it. */
  cancelled: boolean;
}

/** The owner cancels one date of a weekly series (it leaves the page, the next meeting and the calendar), or restores it. */
export class CancelMeetingOccurrence {
  constructor(
    private readonly groups: StudyGroupRepository,
    private readonly groupChanges: GroupChanges,
    private readonly now: Clock = () => Date.now(),
    private readonly news?: MeetingNews,
  ) {}

  async execute(command: MeetingOccurrenceCommand): Promise<Meeting> {
    const group = await requireOwnedGroup(this.groups, command);
    const meeting = group.meetings.find((m) => m.id === command.meetingId);
    if (!meeting) throw new MeetingNotFoundError(command.meetingId);
    const date = checkCancellableDate(meeting, command.date, new Date(this.now()));
    const changed = await this.groups.setOccurrenceCancelled(group.id, meeting.id, date, command.cancelled);
    if (!changed) throw new MeetingNotFoundError(command.meetingId);
    await this.groupChanges.changed(group);
    // A date cancelled is news; one restored reads as the meeting changed.
    await this.news?.changed(
      group,
      command.actingUserId,
      command.cancelled ? 'occurrence-cancelled' : 'changed',
      changed,
      command.cancelled ? date : undefined,
    );
    return changed;
  }
}
