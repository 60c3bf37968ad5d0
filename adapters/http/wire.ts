// The spec's wire shapes (section 3): courses and classmates use snake_case.
import { z } from 'zod';
import type { ChatMessage } from '../../domain/chat/chat-message';
import type { Course, MemberProfile } from '../../domain/course/course';

export function courseToWire(course: Course) {
  return {
    id: course.id,
    name: course.name,
    description: course.description,
    course_number: course.courseNumber,
    term: course.term,
    class_number: course.classNumber,
    section: course.section,
    credits: course.credits,
    department: course.department,
    instructors: course.instructors,
    mode: course.mode,
  };
}

export function memberToWire(member: MemberProfile) {
  return {
    id: member.id,
    username: member.username,
    first_name: member.firstName,
    last_name: member.lastName,
    major: member.major,
    year: member.year,
    bio: member.bio,
  };
}

/** A course or study-group message (spec section 3), with its id as the cursor. */
export function messageToWire(message: ChatMessage) {
  return {
    id: message.id,
    user_id: message.userId,
    username: message.username,
    message: message.message,
    time: message.time.toISOString(),
  };
}

const MAX_ID = 2_147_483_647;

/** A database id, as a JSON number or a string of digits. */
export const idSchema = z.union(
  [
    z.number().int().positive().max(MAX_ID),
    z
      .string()
      .regex(/^\d{1,10}$/)
      .transform(Number)
      .refine((n) => n > 0 && n <= MAX_ID),
  ],
  { message: 'must be a positive whole number' },
);
