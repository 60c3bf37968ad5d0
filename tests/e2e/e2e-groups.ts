// A course with more study groups than one page of the Groups panel holds
// (tests/e2e/serve.ts seeds it, tests/e2e/group-paging.spec.ts reads it):
// groups written straight to the tables (one owner, past the per-student
// limits), with their meetings through the repository, as a busy course has them.
// Groups belong to the course, not to the section the owner joined.
import type { Knex } from 'knex';
import type { StudyGroupRepository } from '@application/ports/study-group-repository';
import { sectionEntry } from '@tests/support/catalog-entries';
import { insertStudyGroup } from '@tests/support/chat-fixtures';
import { HttpSession, newStudent } from '@tests/support/http-session';
import type { CatalogStore } from '@tests/support/catalog-store';
import { weeklyPlan } from '@tests/support/meeting-plans';

/** A real UF code and name; a fictional section, in no other spec. */
export const MANY_GROUPS_COURSE = { code: 'SLS1102', name: 'Strategies for Success in College', term: 'Fall 2025', classNumber: 49_001 };
/** More than two pages of 20. */
export const MANY_GROUPS = 45;
export const manyGroupName = (n: number) => `Study circle ${String(n).padStart(2, '0')}`;

export async function seedManyGroupsCourse(catalog: CatalogStore, groups: StudyGroupRepository, db: Knex, baseUrl: string): Promise<void> {
  const { code, name, term, classNumber } = MANY_GROUPS_COURSE;
  await catalog.upsert([sectionEntry({ courseNumber: code, name, term, classNumber, description: 'Study skills for the first year.' })], {
    source: 'e2e-fixture-groups',
  });
  const [course] = await catalog.findByClassNumbers(term, [classNumber]);
  const owner = new HttpSession(baseUrl);
  const signedUp = await owner.signUp(newStudent({ firstName: 'Gwen', lastName: 'Groups' }));
  const joined = await owner.post('/api/insert-course-member/', { courseID: course.id });
  if (!signedUp.body.isAuthenticated || joined.status !== 200)
    throw new Error('e2e seed: could not sign the groups owner up and into the course');
  for (let n = 1; n <= MANY_GROUPS; n += 1) {
    const groupId = await insertStudyGroup(db, course.courseId, signedUp.body.user.id, [], {
      name: manyGroupName(n),
      description: `Circle number ${n}`,
    });
    await groups.addMeeting(groupId, weeklyPlan({ day: 'Tuesday', time: '17:00:00', location: `Library West ${n}` }));
  }
}
