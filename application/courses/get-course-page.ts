import { LATEST_MESSAGES, type ChatMessage } from '../../domain/chat/chat-message';
import type { Course, MemberProfile } from '../../domain/course/course';
import type { ChatLog } from '../ports/chat-log';
import type { CourseCatalog } from '../ports/course-catalog';
import type { CourseMembership } from '../ports/course-membership';
import { requireCourse } from './course-access';

export interface CoursePageView {
  course: Course;
  userId: number;
  isMember: boolean;
  /** Classmates, shown to members only. */
  members: MemberProfile[];
  /** The chat's latest messages, oldest first; members only. */
  messages: ChatMessage[];
}

/** Any signed-in student sees a course's header; only members see who is in it and its chat. */
export class GetCoursePage {
  constructor(
    private readonly catalog: CourseCatalog,
    private readonly membership: CourseMembership,
    private readonly chat: ChatLog,
  ) {}

  async execute(userId: number, courseId: number): Promise<CoursePageView> {
    const course = await requireCourse(this.catalog, courseId);
    const isMember = await this.membership.isMember(userId, courseId);
    if (!isMember) return { course, userId, isMember, members: [], messages: [] };
    const [members, messages] = await Promise.all([
      this.membership.membersOf(courseId),
      this.chat.latest({ kind: 'course', id: courseId }, LATEST_MESSAGES),
    ]);
    return { course, userId, isMember, members, messages };
  }
}
