import type { CourseCatalog } from '../../application/ports/course-catalog';
import type { CourseMembership } from '../../application/ports/course-membership';
import type { UserRepository } from '../../application/ports/user-repository';
import type { Course, MemberProfile } from '../../domain/course/course';

export class InMemoryCourseMembership implements CourseMembership {
  // Insertion order is join order.
  private readonly memberships: { userId: number; courseId: number }[] = [];

  constructor(
    private readonly catalog: CourseCatalog,
    private readonly users: UserRepository,
  ) {}

  async join(userId: number, courseId: number): Promise<void> {
    if (!(await this.isMember(userId, courseId))) this.memberships.push({ userId, courseId });
  }

  async leave(userId: number, courseId: number): Promise<void> {
    const index = this.memberships.findIndex((m) => m.userId === userId && m.courseId === courseId);
    if (index >= 0) this.memberships.splice(index, 1);
  }

  async isMember(userId: number, courseId: number): Promise<boolean> {
    return this.memberships.some((m) => m.userId === userId && m.courseId === courseId);
  }

  async coursesOf(userId: number): Promise<Course[]> {
    const ids = this.memberships.filter((m) => m.userId === userId).map((m) => m.courseId);
    const courses = await Promise.all(ids.map((id) => this.catalog.findById(id)));
    return courses.filter((c): c is Course => c !== null);
  }

  async courseIdsOf(userId: number): Promise<number[]> {
    return this.memberships.filter((m) => m.userId === userId).map((m) => m.courseId).sort((a, b) => a - b);
  }

  async membersOf(courseId: number): Promise<MemberProfile[]> {
    const ids = this.memberships.filter((m) => m.courseId === courseId).map((m) => m.userId);
    const users = await Promise.all(ids.map((id) => this.users.findById(id)));
    return users
      .filter((u) => u !== null)
      .map(({ id, username, firstName, lastName, major, year, bio, emailVerified }) => ({ id, username, firstName, lastName, major, year, bio, verified: emailVerified }));
  }
}
