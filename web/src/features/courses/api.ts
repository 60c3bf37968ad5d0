// Typed calls for the dashboard, the course page and course membership.
import { API } from '../../../../adapters/http/contract/api';
import type { ChatMessage } from '../../../../adapters/http/contract/chat';
import type { Course } from '../../../../adapters/http/contract/courses';
import type { Member } from '../../../../adapters/http/contract/members';
import type { StudyGroup } from '../../../../adapters/http/contract/study-groups';
import { apiClient } from '../../lib/api-client';
import { isApiError } from '../../lib/api-error';

export interface Dashboard {
  userId: number;
  /** In the order the student joined them. */
  courses: Course[];
}

export interface CoursePage {
  course: Course;
  isMember: boolean;
  /** Empty unless the student is a member. */
  members: Member[];
  /** The chat's latest messages, oldest first; empty unless the student is a member. */
  messages: ChatMessage[];
  /** Every group of the course; empty unless the student is a member. */
  studyGroups: StudyGroup[];
  /** The course's groups the student belongs to. */
  memberGroupIds: number[];
}

export type CoursePageResult = { kind: 'found'; page: CoursePage } | { kind: 'not-found' };

export async function fetchDashboard(): Promise<Dashboard> {
  const data = await apiClient.call(API.dashboard, {});
  return { userId: data.userId, courses: data.courses };
}

export async function fetchCoursePage(courseId: number): Promise<CoursePageResult> {
  try {
    const data = await apiClient.call(API.coursePage, { params: { courseID: courseId } });
    return {
      kind: 'found',
      page: {
        course: data.course,
        isMember: data.isMember,
        members: data.courseMembers,
        messages: data.courseMessages,
        studyGroups: data.courseStudyGroups,
        memberGroupIds: data.userStudyGroupIDs,
      },
    };
  } catch (error) {
    // A malformed id (400) names no course either; both read as "not found".
    if (isApiError(error, 'COURSE_NOT_FOUND', 'VALIDATION_FAILED')) return { kind: 'not-found' };
    throw error;
  }
}

/** Resolves to true once the server has the student in the course (joining twice is fine). */
export async function joinCourse(userId: number, courseId: number): Promise<boolean> {
  return (await apiClient.call(API.joinCourse, { body: { userID: userId, courseID: courseId } })).isMember;
}

/** Resolves to false once the student is out of the course (leaving twice is fine). */
export async function leaveCourse(userId: number, courseId: number): Promise<boolean> {
  return (await apiClient.call(API.leaveCourse, { body: { userID: userId, courseID: courseId } })).isMember;
}
