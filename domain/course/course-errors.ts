// The one refusal for a course id that names no course (course calls and the course chat alike).
import { DomainError } from '../errors';

export class CourseNotFoundError extends DomainError {
  constructor(courseId: number) {
    super('COURSE_NOT_FOUND', `There is no course with id ${courseId}.`);
  }
}
