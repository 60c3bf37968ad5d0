import type { StudyGroupId, UserId } from '@domain/ids';
import { calendarEntries, type CalendarEntry } from '@application/calendar/calendar-entries';
import type { CalendarFeeds } from '@application/ports/calendar-feeds';
import type { Clock } from '@application/ports/clock';
import type { CourseCatalog } from '@application/ports/course-catalog';
import type { StudyGroupRepository } from '@application/ports/study-group-repository';
import { requireMemberGroup } from './study-group-access';

export interface StudyGroupCalendar {
  groupId: StudyGroupId;
  name: string;
  entries: CalendarEntry[];
}

/** A group's meetings for its calendar file, for its members only. */
export class GetStudyGroupCalendar {
  constructor(
    private readonly groups: StudyGroupRepository,
    private readonly catalog: CourseCatalog,
    private readonly feeds: CalendarFeeds,
    private readonly now: Clock = () => Date.now(),
  ) {}

  async execute(command: { actingUserId: UserId; groupId: StudyGroupId }): Promise<StudyGroupCalendar> {
    const group = await requireMemberGroup(this.groups, command.groupId, command.actingUserId);
    const term = (await this.catalog.findCourse(group.courseId))?.course.term ?? null;
    const feedGroup = { groupId: group.id, name: group.name, description: group.description, term, meetings: group.meetings };
    return { groupId: group.id, name: group.name, entries: await calendarEntries(this.feeds, [feedGroup], new Date(this.now())) };
  }
}
