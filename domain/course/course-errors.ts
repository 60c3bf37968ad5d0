// Refusals of the course calls: an id that names no course (course calls and the course chat alike), a section UF withdrew.
import { DomainError } from '@domain/errors';

export class CourseNotFoundError extends DomainError {
  constructor(courseId: number) {
    super('COURSE_NOT_FOUND', `There is no course with id ${courseId}.`);
  }
}

/**
 * A new join of a section UF no longer lists (its students keep it). A
 * conflict with the section's state, not a missing resource: the section and
 * its page are still there, and UF may list it again.
 */
export class SectionWithdrawnError extends DomainError {
  constructor(course: { courseNumber: string; classNumber: number }) {
    super(
      'SECTION_WITHDRAWN',
      `${course.courseNumber} #${course.classNumber} is no longer offered: UF withdrew this section, so it cannot be joined.`,
    );
  }
}

/** Joining would take the student past the sections one student may be in for one term. */
export class TooManySectionsError extends DomainError {
  constructor(term: string, limit: number, inTerm: number) {
    const left = Math.max(0, limit - inTerm);
    const room = left === 0 ? 'Leave one to join another.' : `You can join ${left} more.`;
    super('TOO_MANY_SECTIONS', `You can be in at most ${limit} sections in ${term}; you are in ${inTerm}. ${room}`, { term, limit });
  }
}
