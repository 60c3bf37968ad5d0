// MemberSchedules in memory, read through the other fakes' ports (groups and
// their meetings, section membership, the catalog's sections) plus the busy
// grids it keeps itself.
import type { CourseCatalog } from '@application/ports/course-catalog';
import type { CourseMembership } from '@application/ports/course-membership';
import type { MemberScheduleRecord, MemberSchedules } from '@application/ports/member-schedules';
import type { StudyGroupRepository } from '@application/ports/study-group-repository';
import type { StudyGroupId, UserId } from '@domain/ids';
import type { BusyGrid } from '@domain/study-group/busy-grid';

export class InMemoryMemberSchedules implements MemberSchedules {
  private readonly grids = new Map<UserId, BusyGrid>();

  constructor(
    private readonly groups: StudyGroupRepository,
    private readonly membership: CourseMembership,
    private readonly catalog: CourseCatalog,
  ) {}

  async schedulesOf(groupId: StudyGroupId, today: string): Promise<MemberScheduleRecord[]> {
    const group = await this.groups.findById(groupId);
    if (!group) return [];
    const term = (await this.catalog.findCourse(group.courseId))?.course.term;
    return Promise.all(
      group.members.map(async ({ id: userId }) => {
        const sections = await Promise.all((await this.membership.sectionIdsOf(userId)).map(({ id }) => this.catalog.findById(id)));
        const others = (await this.groups.listByMember(userId)).filter((g) => g.id !== groupId);
        const grid = await this.busyTimesOf(userId);
        return {
          userId,
          classMeetings: sections.filter((s) => s !== null && s.term === term).flatMap((s) => s?.meetTimes ?? []),
          otherMeetings: others.flatMap((g) =>
            g.meetings
              .filter((m) => m.kind === 'weekly' && m.endDate >= today)
              .map(({ day, time, lengthMinutes }) => ({ day, time, lengthMinutes })),
          ),
          ...grid,
        };
      }),
    );
  }

  async busyTimesOf(userId: UserId): Promise<BusyGrid> {
    const grid = this.grids.get(userId);
    return grid
      ? { busy: grid.busy.map((b) => ({ ...b })), preferred: grid.preferred ? { ...grid.preferred } : null }
      : { busy: [], preferred: null };
  }

  async saveBusyTimes(userId: UserId, grid: BusyGrid): Promise<void> {
    const busy = [...grid.busy].sort((a, b) => a.day - b.day || a.start - b.start || a.end - b.end).map((b) => ({ ...b }));
    this.grids.set(userId, { busy, preferred: grid.preferred ? { ...grid.preferred } : null });
  }
}
