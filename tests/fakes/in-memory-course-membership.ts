import type { CourseCatalog } from '@application/ports/course-catalog';
import type { CourseMembership } from '@application/ports/course-membership';
import type { UserRepository } from '@application/ports/user-repository';
import type { Course, MemberProfile } from '@domain/course/course';
import { admitSections } from '@domain/course/section-quota';
import type { CourseId, UserId } from '@domain/ids';

export class InMemoryCourseMembership implements CourseMembership {
  // Insertion order is join order.
  private readonly memberships: { userId: UserId; courseId: CourseId }[] = [];

  constructor(
    private readonly catalog: CourseCatalog,
    private readonly users: UserRepository,
  ) {}

  /** The join in progress: the next starts when it has settled (the Knex adapter's lock on the student). */
  private joins: Promise<unknown> = Promise.resolve();

  async join(userId: UserId, courseId: CourseId): Promise<void> {
    await this.joinAll(userId, [courseId]);
  }

  joinAll(userId: UserId, courseIds: CourseId[]): Promise<CourseId[]> {
    const result = this.joins.then(async () => {
      const mine = this.memberships.filter((m) => m.userId === userId).map((m) => m.courseId);
      const sections = await Promise.all([...new Set(courseIds)].filter((id) => !mine.includes(id)).map((id) => this.catalog.findById(id)));
      const fresh = sections.filter((s): s is Course => s !== null);
      const termOf = new Map(
        (await Promise.all(mine.map((id) => this.catalog.findById(id)))).filter((c) => c !== null).map((c) => [c.id, c.term]),
      );
      for (const term of new Set(fresh.map((s) => s.term))) {
        const inTerm = mine.filter((id) => termOf.get(id) === term).length;
        admitSections(term, inTerm, fresh.filter((s) => s.term === term).length);
      }
      for (const section of fresh) this.memberships.push({ userId, courseId: section.id });
      return fresh.map((s) => s.id);
    });
    this.joins = result.catch(() => undefined);
    return result;
  }

  async leave(userId: UserId, courseId: CourseId): Promise<void> {
    const index = this.memberships.findIndex((m) => m.userId === userId && m.courseId === courseId);
    if (index >= 0) this.memberships.splice(index, 1);
  }

  async isMember(userId: UserId, courseId: CourseId): Promise<boolean> {
    return this.memberships.some((m) => m.userId === userId && m.courseId === courseId);
  }

  async coursesOf(userId: UserId): Promise<Course[]> {
    const ids = this.memberships.filter((m) => m.userId === userId).map((m) => m.courseId);
    const courses = await Promise.all(ids.map((id) => this.catalog.findById(id)));
    return courses.filter((c): c is Course => c !== null);
  }

  async courseIdsOf(userId: UserId): Promise<CourseId[]> {
    return this.memberships
      .filter((m) => m.userId === userId)
      .map((m) => m.courseId)
      .sort((a, b) => a - b);
  }

  async membersOf(courseId: CourseId): Promise<MemberProfile[]> {
    const ids = this.memberships.filter((m) => m.courseId === courseId).map((m) => m.userId);
    const users = await Promise.all(ids.map((id) => this.users.findById(id)));
    return users
      .filter((u) => u !== null)
      .map(({ id, username, firstName, lastName, major, year, bio, emailVerified }) => ({
        id,
        username,
        firstName,
        lastName,
        major,
        year,
        bio,
        verified: emailVerified,
      }));
  }
}
