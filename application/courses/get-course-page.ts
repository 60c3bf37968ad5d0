import { LATEST_MESSAGES, type ChatMessage } from '@domain/chat/chat-message';
import type { CourseMemberProfile, JoinedCourse } from '@domain/course/course';
import type { CourseId, StudyGroupId, UserId } from '@domain/ids';
import type { StudyGroupView } from '@domain/study-group/group-view';
import type { ChatLog } from '@application/ports/chat-log';
import type { Clock } from '@application/ports/clock';
import type { CourseCatalog } from '@application/ports/course-catalog';
import type { CourseMembership } from '@application/ports/course-membership';
import type { GroupInvitations } from '@application/ports/group-invitations';
import type { MessageAuthors } from '@application/ports/message-authors';
import { withAuthors } from '@application/chat/message-authors';
import { withQuotes } from '@application/chat/reply-quotes';
import type { CourseGroupsPosition, StudyGroupRepository } from '@application/ports/study-group-repository';
import { requireCourse } from './course-access';
import { COURSE_GROUPS_PAGE_SIZE, readCourseGroups } from './list-course-groups';

export interface CoursePageView {
  /** The course (whichever of its ids was asked for), with the student's sections of it. */
  course: JoinedCourse;
  userId: UserId;
  /** In the course, through a section or alone. */
  isMember: boolean;
  /** Classmates of every section, shown to members only. */
  members: CourseMemberProfile[];
  /** The chat's latest messages, oldest first; members only. */
  messages: ChatMessage[];
  /** The first page of the course's groups, the student's own first, each as the student may see it (groupsAsSeenBy); members only. */
  groups: StudyGroupView[];
  /** The ids of every group of the course the student belongs to. */
  memberGroupIds: StudyGroupId[];
  /** Where the next page of groups starts (ListCourseGroups); null when the first page holds them all. */
  nextGroups: CourseGroupsPosition | null;
}

/**
 * Any signed-in student sees a course's header (and may join it); who is in
 * it, its groups and its chat are for its members only, and a private group's
 * members and meetings for the group's own members.
 */
export class GetCoursePage {
  constructor(
    private readonly catalog: CourseCatalog,
    private readonly membership: CourseMembership,
    private readonly chat: ChatLog,
    private readonly studyGroups: StudyGroupRepository,
    private readonly authors: MessageAuthors,
    private readonly invitations: GroupInvitations,
    /** Groups on the page (the benchmark passes more to show what an unpaged page cost). */
    private readonly groupsPageSize = COURSE_GROUPS_PAGE_SIZE,
    private readonly now: Clock = () => Date.now(),
  ) {}

  async execute(userId: UserId, id: CourseId): Promise<CoursePageView> {
    const catalogCourse = await requireCourse(this.catalog, id);
    const courseId = catalogCourse.id;
    const isMember = await this.membership.isMember(userId, courseId);
    if (!isMember)
      return {
        course: { course: catalogCourse, sections: [] },
        userId,
        isMember,
        members: [],
        messages: [],
        groups: [],
        memberGroupIds: [],
        nextGroups: null,
      };
    const [sections, members, messages, groupsPage] = await Promise.all([
      this.membership.sectionsIn(userId, courseId),
      this.membership.membersOf(courseId),
      this.chat
        .latest({ kind: 'course', id: courseId }, LATEST_MESSAGES)
        .then((latest) => withQuotes(this.chat, { kind: 'course', id: courseId }, latest))
        .then((latest) => withAuthors(this.authors, latest)),
      readCourseGroups(this.studyGroups, this.invitations, courseId, userId, null, new Date(this.now()), this.groupsPageSize),
    ]);
    const { groups, memberGroupIds, next: nextGroups } = groupsPage;
    return { course: { course: catalogCourse, sections }, userId, isMember, members, messages, groups, memberGroupIds, nextGroups };
  }
}
