import type { Meeting, StudyGroup } from '@domain/study-group/study-group';
import { StudyGroupNotFoundError } from '@domain/study-group/study-group-errors';
import { campusDate, normaliseMeetingPlan, termDates, type MeetingPlan, type MeetingPlanInput } from '@domain/study-group/meeting-plan';
import type { Clock } from '@application/ports/clock';
import type { CourseCatalog } from '@application/ports/course-catalog';
import type { StudyGroupRepository } from '@application/ports/study-group-repository';
import type { GroupChanges } from '@application/ports/group-changes';
import type { MeetingNews } from '@application/notifications/group-events';
import { requireOwnedGroup, type OwnerCommand } from './study-group-access';

/** The spec's fields (day, time, location) and the plan's optional ones (kind, title, lengthMinutes, startDate, endDate). */
export interface MeetingCommand extends OwnerCommand, MeetingPlanInput {}

/**
 * The plan a command asks for, in campus time: a series from today to the
 * group's course's term's end unless the command says otherwise.
 */
export async function planOf(catalog: CourseCatalog, group: StudyGroup, command: MeetingPlanInput, now: Date): Promise<MeetingPlan> {
  const today = campusDate(now);
  const found = await catalog.findCourse(group.courseId);
  const termEnd = (found && termDates(found.course.term)?.end) ?? today;
  return normaliseMeetingPlan(command, { today, termEnd });
}

/** The owner adds a meeting: a weekly series (the spec's call) or a single date. */
export class ScheduleMeeting {
  constructor(
    private readonly groups: StudyGroupRepository,
    private readonly catalog: CourseCatalog,
    private readonly groupChanges: GroupChanges,
    private readonly now: Clock = () => Date.now(),
    private readonly news?: MeetingNews,
  ) {}

  async execute(command: MeetingCommand): Promise<Meeting> {
    const group = await requireOwnedGroup(this.groups, command);
    const meeting = await this.groups.addMeeting(group.id, await planOf(this.catalog, group, command, new Date(this.now())));
    if (!meeting) throw new StudyGroupNotFoundError(group.id);
    await this.groupChanges.changed(group);
    await this.news?.changed(group, command.actingUserId, 'new', meeting);
    return meeting;
  }
}
