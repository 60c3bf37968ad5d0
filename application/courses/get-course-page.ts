import { LATEST_MESSAGES, type ChatMessage } from '../../domain/chat/chat-message';
import type { Course, MemberProfile } from '../../domain/course/course';
import { groupsAsSeenBy, type StudyGroupView } from '../../domain/study-group/group-view';
import { isGroupMember } from '../../domain/study-group/study-group';
import type { ChatLog } from '../ports/chat-log';
import type { CourseCatalog } from '../ports/course-catalog';
import type { CourseMembership } from '../ports/course-membership';
import type { FormerMembers } from '../ports/former-members';
import { withFormerMembers } from '../chat/former-authors';
import type { StudyGroupRepository } from '../ports/study-group-repository';
import { requireCourse } from './course-access';

export interface CoursePageView {
  course: Course;
  userId: number;
  isMember: boolean;
  /** Classmates, shown to members only. */
  members: MemberProfile[];
  /** The chat's latest messages, oldest first; members only. */
  messages: ChatMessage[];
  /** Every group of the course, public and private, as the student may see each (groupsAsSeenBy); members only. */
  groups: StudyGroupView[];
  /** The ids of those groups the student belongs to. */
  memberGroupIds: number[];
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
    private readonly formerMembers: FormerMembers,
  ) {}

  async execute(userId: number, courseId: number): Promise<CoursePageView> {
    const course = await requireCourse(this.catalog, courseId);
    const isMember = await this.membership.isMember(userId, courseId);
    if (!isMember) return { course, userId, isMember, members: [], messages: [], groups: [], memberGroupIds: [] };
    const [members, messages, groups] = await Promise.all([
      this.membership.membersOf(courseId),
      this.chat.latest({ kind: 'course', id: courseId }, LATEST_MESSAGES).then((latest) => withFormerMembers(this.formerMembers, latest)),
      this.studyGroups.listByCourse(courseId),
    ]);
    const memberGroupIds = groups.filter((g) => isGroupMember(g, userId)).map((g) => g.id);
    return { course, userId, isMember, members, messages, groups: groupsAsSeenBy(groups, userId), memberGroupIds };
  }
}
