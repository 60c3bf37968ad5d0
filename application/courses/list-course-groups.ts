import type { CourseId, UserId } from '@domain/ids';
import type { StudyGroupView } from '@domain/study-group/group-view';
import { NotCourseMemberError } from '@domain/study-group/study-group-errors';
import type { Clock } from '@application/ports/clock';
import type { CourseMembership } from '@application/ports/course-membership';
import type { CourseCatalog } from '@application/ports/course-catalog';
import type { GroupInvitations } from '@application/ports/group-invitations';
import type { CourseGroupsPage, CourseGroupsPosition, StudyGroupRepository } from '@application/ports/study-group-repository';
import { viewGroups } from '@application/study-groups/group-standings';
import { requireCourse } from './course-access';

/**
 * Groups a page of the course's groups holds: enough to fill a phone's panel
 * and more, few enough that a page costs the same in a course of 5 groups
 * and one of 500 (npm run bench:course-page).
 */
export const COURSE_GROUPS_PAGE_SIZE = 20;

/**
 * A page of a course's groups, each as the student may see it (a private
 * group they are outside shows no members or meetings), with their standing
 * with each (read for the page at once).
 */
export interface CourseGroupsPageView extends Omit<CourseGroupsPage, 'groups'> {
  groups: StudyGroupView[];
}

/**
 * The page of a course's groups a member is shown: the first (the course
 * page's) or the one after `after`. The course page and the next-page call
 * both read it here, so what a member sees of a group is decided in one place.
 */
export async function readCourseGroups(
  groups: StudyGroupRepository,
  invitations: GroupInvitations,
  courseId: CourseId,
  viewerId: UserId,
  after: CourseGroupsPosition | null,
  now: Date,
  limit = COURSE_GROUPS_PAGE_SIZE,
): Promise<CourseGroupsPageView> {
  const page = await groups.listCourseGroups({ courseId, viewerId, after, limit });
  return { ...page, groups: await viewGroups(invitations, page.groups, viewerId, { groups, now }) };
}

export interface ListCourseGroupsCommand {
  /** The signed-in student, from the session. */
  actingUserId: UserId;
  courseId: CourseId;
  /** Where the page starts: the cursor of the page before it; null for the first. */
  after: CourseGroupsPosition | null;
}

/** The next page of a course's groups (the course page carries the first), for the course's members. */
export class ListCourseGroups {
  constructor(
    private readonly catalog: CourseCatalog,
    private readonly membership: CourseMembership,
    private readonly studyGroups: StudyGroupRepository,
    private readonly invitations: GroupInvitations,
    private readonly now: Clock = () => Date.now(),
  ) {}

  async execute({ actingUserId, courseId: id, after }: ListCourseGroupsCommand): Promise<CourseGroupsPageView> {
    const courseId = (await requireCourse(this.catalog, id)).id;
    if (!(await this.membership.isMember(actingUserId, courseId)))
      throw new NotCourseMemberError('Join this course to see its study groups.');
    return readCourseGroups(this.studyGroups, this.invitations, courseId, actingUserId, after, new Date(this.now()));
  }
}
