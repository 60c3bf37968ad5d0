import type { CourseCatalog } from '@application/ports/course-catalog';
import type { CourseMembership } from '@application/ports/course-membership';
import type { UserRepository } from '@application/ports/user-repository';
import type { Course, CourseMemberProfile, JoinedCourse } from '@domain/course/course';
import { admitSections } from '@domain/course/section-quota';
import type { CourseId, UserId } from '@domain/ids';

interface Membership {
  userId: UserId;
  /** A course's id, or a section's (then `courseId` is its course). */
  id: CourseId;
  courseId: CourseId;
  section: boolean;
}

export class InMemoryCourseMembership implements CourseMembership {
  // Insertion order is join order.
  private readonly memberships: Membership[] = [];

  constructor(
    private readonly catalog: CourseCatalog,
    private readonly users: UserRepository,
  ) {}

  /** The join in progress: the next starts when it has settled (the Knex adapter's lock on the student). */
  private joins: Promise<unknown> = Promise.resolve();

  private of(userId: UserId, section: boolean): Membership[] {
    return this.memberships.filter((m) => m.userId === userId && m.section === section);
  }

  joinSections(userId: UserId, sectionIds: CourseId[]): Promise<CourseId[]> {
    const result = this.joins.then(async () => {
      const mine = this.of(userId, true).map((m) => m.id);
      const sections = await Promise.all(
        [...new Set(sectionIds)].filter((id) => !mine.includes(id)).map((id) => this.catalog.findById(id)),
      );
      const fresh = sections.filter((s): s is Course => s !== null);
      const termOf = new Map(
        (await Promise.all(mine.map((id) => this.catalog.findById(id)))).filter((c) => c !== null).map((c) => [c.id, c.term]),
      );
      for (const term of new Set(fresh.map((s) => s.term))) {
        const inTerm = mine.filter((id) => termOf.get(id) === term).length;
        admitSections(term, inTerm, fresh.filter((s) => s.term === term).length);
      }
      for (const { courseId } of fresh) {
        if (!this.has(userId, courseId)) this.memberships.push({ userId, id: courseId, courseId, section: false });
      }
      for (const section of fresh) this.memberships.push({ userId, id: section.id, courseId: section.courseId, section: true });
      return fresh.map((s) => s.id);
    });
    this.joins = result.catch(() => undefined);
    return result;
  }

  private has(userId: UserId, id: CourseId): boolean {
    return this.memberships.some((m) => m.userId === userId && m.id === id);
  }

  private remove(predicate: (m: Membership) => boolean): void {
    for (let i = this.memberships.length - 1; i >= 0; i--) if (predicate(this.memberships[i])) this.memberships.splice(i, 1);
  }

  async joinCourse(userId: UserId, courseId: CourseId): Promise<void> {
    if (!this.has(userId, courseId)) this.memberships.push({ userId, id: courseId, courseId, section: false });
  }

  async leaveSection(userId: UserId, sectionId: CourseId): Promise<void> {
    this.remove((m) => m.userId === userId && m.section && m.id === sectionId);
  }

  async leaveCourse(userId: UserId, courseId: CourseId): Promise<void> {
    this.remove((m) => m.userId === userId && m.courseId === courseId);
  }

  async isMember(userId: UserId, courseId: CourseId): Promise<boolean> {
    return this.of(userId, false).some((m) => m.id === courseId);
  }

  async sectionIdsIn(userId: UserId, courseId: CourseId): Promise<CourseId[]> {
    return this.of(userId, true)
      .filter((m) => m.courseId === courseId)
      .map((m) => m.id);
  }

  async sectionsIn(userId: UserId, courseId: CourseId): Promise<Course[]> {
    const sections = await Promise.all((await this.sectionIdsIn(userId, courseId)).map((id) => this.catalog.findById(id)));
    return sections.filter((s): s is Course => s !== null);
  }

  async sectionIdsOf(userId: UserId): Promise<{ id: CourseId; courseId: CourseId }[]> {
    return this.of(userId, true).map((m) => ({ id: m.id, courseId: m.courseId }));
  }

  async coursesOf(userId: UserId): Promise<JoinedCourse[]> {
    const joined: JoinedCourse[] = [];
    for (const m of this.of(userId, false)) {
      const found = await this.catalog.findCourse(m.courseId);
      if (!found) continue;
      const sections = await Promise.all((await this.sectionIdsIn(userId, m.courseId)).map((id) => this.catalog.findById(id)));
      joined.push({ course: found.course, sections: sections.filter((s): s is Course => s !== null) });
    }
    return joined;
  }

  async courseIdsOf(userId: UserId): Promise<CourseId[]> {
    return this.memberships
      .filter((m) => m.userId === userId)
      .map((m) => m.id)
      .sort((a, b) => a - b);
  }

  async membersOf(courseId: CourseId): Promise<CourseMemberProfile[]> {
    const ids = this.memberships.filter((m) => m.id === courseId && !m.section).map((m) => m.userId);
    const profiles: CourseMemberProfile[] = [];
    for (const id of ids) {
      const user = await this.users.findById(id);
      if (!user) continue;
      const sections = await Promise.all((await this.sectionIdsIn(id, courseId)).map((sectionId) => this.catalog.findById(sectionId)));
      const { username, firstName, lastName, major, year, bio, emailVerified } = user;
      profiles.push({
        id,
        username,
        firstName,
        lastName,
        major,
        year,
        bio,
        verified: emailVerified,
        sections: sections
          .filter((s): s is Course => s !== null)
          .map(({ id: sectionId, classNumber, section, meetTimes, sectWeb, mode }) => ({
            id: sectionId,
            classNumber,
            section,
            meetTimes,
            sectWeb,
            mode,
          })),
      });
    }
    return profiles;
  }
}
