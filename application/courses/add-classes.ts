// "Add my classes": join every section of one term whose class number the
// student typed, and say for each number what happened. All or nothing: when
// the new sections would take the student past the sections one student may
// be in per term, none is joined (409 TOO_MANY_SECTIONS says how many fit).
import type { ClassNumberOutcome } from '@domain/course/class-numbers';
import { MAX_CLASS_NUMBERS } from '@domain/course/class-numbers';
import type { Course } from '@domain/course/course';
import { canonicalTerm, isTermName } from '@domain/course/term';
import { ValidationError } from '@domain/errors';
import type { CourseId, UserId } from '@domain/ids';
import type { EmailVerificationPolicy } from '@application/accounts/email-verification';
import type { CourseCatalog } from '@application/ports/course-catalog';
import type { CourseMembership } from '@application/ports/course-membership';
import type { MembershipChanges } from '@application/ports/membership-changes';

export interface AddClassesCommand {
  /** The signed-in student, from the session. */
  actingUserId: UserId;
  term: string;
  classNumbers: number[];
}

interface ClassNumberResult {
  classNumber: number;
  outcome: ClassNumberOutcome;
  /** The section, unless not found. */
  course: Course | null;
}

export interface AddClassesResult {
  term: string;
  /** One per distinct class number, in the order given. */
  results: ClassNumberResult[];
  userCourseIds: CourseId[];
}

export class AddClasses {
  constructor(
    private readonly catalog: CourseCatalog,
    private readonly membership: CourseMembership,
    private readonly verification: EmailVerificationPolicy,
    private readonly changes: MembershipChanges,
  ) {}

  async execute(command: AddClassesCommand): Promise<AddClassesResult> {
    if (!isTermName(command.term)) throw new ValidationError('Choose a term such as Fall 2025.', 'term');
    const numbers = [...new Set(command.classNumbers)];
    if (numbers.length === 0) throw new ValidationError('Enter at least one class number.', 'classNumbers');
    if (numbers.length > MAX_CLASS_NUMBERS)
      throw new ValidationError(`Enter at most ${MAX_CLASS_NUMBERS} class numbers at a time.`, 'classNumbers');
    await this.verification.requireVerified(command.actingUserId);
    const term = canonicalTerm(command.term);
    const sections = await this.catalog.findByClassNumbers(term, numbers);
    const found = numbers.map((classNumber) => sections.find((s) => s.classNumber === classNumber) ?? null);
    const joined = new Set(
      await this.membership.joinSections(
        command.actingUserId,
        found.filter((c) => c !== null).map((c) => c.id),
      ),
    );
    const results = numbers.map((classNumber, index): ClassNumberResult => {
      const course = found[index];
      return { classNumber, course, outcome: course === null ? 'not-found' : joined.has(course.id) ? 'joined' : 'already-member' };
    });
    const courses = new Set(found.filter((c) => c !== null && joined.has(c.id)).map((c) => c!.courseId));
    for (const courseId of courses) await this.changes.joined(command.actingUserId, { kind: 'course', id: courseId });
    return { term, results, userCourseIds: await this.membership.courseIdsOf(command.actingUserId) };
  }
}
