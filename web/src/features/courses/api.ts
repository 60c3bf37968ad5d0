// Typed calls for the dashboard, the course page and course membership.
import { z } from 'zod';
import { apiClient } from '../../lib/api-client';
import { ApiError, readAnswer } from '../../lib/api-error';
import { chatMessageSchema, type ChatMessage } from '../chat/chat-schema';
import { studyGroupSchema, type StudyGroup } from '../study-groups/study-group-schema';
import { courseSchema, memberSchema, type Course, type Member } from './course-schema';

const dashboardSchema = z.object({
  userId: z.number(),
  courses: z.array(courseSchema),
  studyGroups: z.array(studyGroupSchema),
});

const coursePageSchema = z.object({
  course: courseSchema,
  userID: z.number(),
  isMember: z.boolean(),
  courseMessages: z.array(chatMessageSchema),
  courseMembers: z.array(memberSchema),
  courseStudyGroups: z.array(studyGroupSchema),
  userStudyGroupIDs: z.array(z.number()),
});

const membershipSchema = z.object({ courseID: z.number(), isMember: z.boolean() });

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
  /** Every group of the course, also for a student outside it. */
  studyGroups: StudyGroup[];
  /** The course's groups the student belongs to. */
  memberGroupIds: number[];
}

export type CoursePageResult = { kind: 'found'; page: CoursePage } | { kind: 'not-found' };

export async function fetchDashboard(): Promise<Dashboard> {
  const path = '/api/dashboard/';
  const data = readAnswer(path, await apiClient.get(path), dashboardSchema);
  return { userId: data.userId, courses: data.courses };
}

export async function fetchCoursePage(courseId: number): Promise<CoursePageResult> {
  const path = `/api/course/${courseId}/`;
  try {
    const data = readAnswer(path, await apiClient.get(path), coursePageSchema);
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
    if (error instanceof ApiError && (error.code === 'COURSE_NOT_FOUND' || error.code === 'VALIDATION_FAILED')) {
      return { kind: 'not-found' };
    }
    throw error;
  }
}

async function changeMembership(path: string, userId: number, courseId: number): Promise<boolean> {
  const data = readAnswer(path, await apiClient.post(path, { userID: userId, courseID: courseId }), membershipSchema);
  return data.isMember;
}

/** Resolves to true once the server has the student in the course (joining twice is fine). */
export function joinCourse(userId: number, courseId: number): Promise<boolean> {
  return changeMembership('/api/insert-course-member/', userId, courseId);
}

/** Resolves to false once the student is out of the course (leaving twice is fine). */
export function leaveCourse(userId: number, courseId: number): Promise<boolean> {
  return changeMembership('/api/delete-course-member/', userId, courseId);
}
