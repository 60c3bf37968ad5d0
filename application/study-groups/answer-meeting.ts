import type { MeetingId, StudyGroupId, UserId } from '@domain/ids';
import { checkAnswerDate } from '@domain/study-group/meeting-answers';
import { MeetingNotFoundError } from '@domain/study-group/study-group-errors';
import type { MeetingReminders } from '@application/notifications/meeting-reminders';
import type { Clock } from '@application/ports/clock';
import type { GroupChanges } from '@application/ports/group-changes';
import type { StudyGroupRepository } from '@application/ports/study-group-repository';
import { requireMemberGroup } from './study-group-access';

export interface AnswerMeetingCommand {
  /** The signed-in student, from the session. */
  actingUserId: UserId;
  groupId: StudyGroupId;
  meetingId: MeetingId;
  /** YYYY-MM-DD: one upcoming occurrence; null: the whole series. */
  date: string | null;
  /** Going or not; null clears the answer. */
  going: boolean | null;
}

/** A member says whether they are coming, to one occurrence or to the series (members only). */
export class AnswerMeeting {
  constructor(
    private readonly groups: StudyGroupRepository,
    private readonly groupChanges: GroupChanges,
    private readonly now: Clock = () => Date.now(),
    /** Plans the meeting's reminder for a student going (notification-jobs.ts). */
    private readonly reminders?: Pick<MeetingReminders, 'plan'>,
  ) {}

  async execute(command: AnswerMeetingCommand): Promise<AnswerMeetingCommand> {
    const group = await requireMemberGroup(this.groups, command.groupId, command.actingUserId);
    const meeting = group.meetings.find((m) => m.id === command.meetingId);
    if (!meeting) throw new MeetingNotFoundError(command.meetingId);
    const date = checkAnswerDate(meeting, command.date, new Date(this.now()));
    if (!(await this.groups.answerMeeting(group.id, meeting.id, command.actingUserId, date, command.going))) {
      throw new MeetingNotFoundError(command.meetingId);
    }
    // Who is coming shows on the group's open pages: they read it again at once.
    await this.groupChanges.changed(group);
    // Usually planned already (when the meeting was scheduled); a meeting from before reminders has it planned here.
    if (command.going === true) await this.reminders?.plan(group, meeting);
    return { ...command, date };
  }
}
