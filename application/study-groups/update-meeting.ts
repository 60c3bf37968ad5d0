import type { MeetingId } from '@domain/ids';
import { campusDate } from '@domain/study-group/meeting-plan';
import type { Meeting } from '@domain/study-group/study-group';
import { MeetingNotFoundError } from '@domain/study-group/study-group-errors';
import type { Clock } from '@application/ports/clock';
import type { CourseCatalog } from '@application/ports/course-catalog';
import type { StudyGroupRepository } from '@application/ports/study-group-repository';
import type { GroupChanges } from '@application/ports/group-changes';
import type { MeetingNews } from '@application/notifications/group-events';
import { planOf, type MeetingCommand } from './schedule-meeting';
import { requireOwnedGroup } from './study-group-access';

/**
 * The owner changes a meeting of their group (a meeting of another group is
 * not found). Fields left out keep the meeting's own (the spec's call sends
 * only day, time and location); an ended series' end goes back to the default.
 */
export class UpdateMeeting {
  constructor(
    private readonly groups: StudyGroupRepository,
    private readonly catalog: CourseCatalog,
    private readonly groupChanges: GroupChanges,
    private readonly now: Clock = () => Date.now(),
    private readonly news?: MeetingNews,
  ) {}

  async execute(command: MeetingCommand & { meetingId: MeetingId }): Promise<Meeting> {
    const group = await requireOwnedGroup(this.groups, command);
    const existing = group.meetings.find((m) => m.id === command.meetingId);
    if (!existing) throw new MeetingNotFoundError(command.meetingId);
    const now = new Date(this.now());
    const sameKind = (command.kind ?? existing.kind) === existing.kind;
    const kept = {
      kind: existing.kind,
      title: existing.title,
      lengthMinutes: existing.lengthMinutes,
      ...(sameKind ? { startDate: existing.startDate } : {}),
      ...(sameKind && existing.endDate >= campusDate(now) ? { endDate: existing.endDate } : {}),
    };
    const given = Object.fromEntries(Object.entries(command).filter(([, value]) => value !== undefined));
    const plan = await planOf(this.catalog, group, { ...kept, ...given } as MeetingCommand, now);
    const meeting = await this.groups.updateMeeting(group.id, command.meetingId, plan);
    if (!meeting) throw new MeetingNotFoundError(command.meetingId);
    await this.groupChanges.changed(group);
    await this.news?.changed(group, command.actingUserId, 'changed', meeting);
    return meeting;
  }
}
