// What the e2e servers add to their catalog besides the shipped snapshot, the
// fictional test catalog and the real Fall 2025 sync (tests/e2e/serve.ts seeds it, the specs read it): a
// course with as many sections as UF's big first-year courses, and one of its
// sections UF withdrew after a student had joined it.
import type { CatalogEntry, MeetTime } from '@domain/course/course';
import { sectionEntry } from '@tests/support/catalog-entries';
import { HttpSession, newStudent } from '@tests/support/http-session';
import type { CatalogStore } from '@tests/support/catalog-store';

/** A real UF code and name; fictional sections (generated test data), as the test catalog's. */
export const BIG_COURSE = { code: 'MAC1105', name: 'Basic College Algebra', term: 'Fall 2025' };
/** Sections on offer: 40001-40036. */
export const BIG_COURSE_SECTIONS = 36;
export const classNumberOf = (index: number) => 40_001 + index;
/** The section number of the same one (UF's four digits). */
export const sectionOf = (index: number) => String(1000 + index * 7);
/** The one section Ada Lovelace teaches, far down the list. */
export const LOVELACE_SECTION = classNumberOf(22);
/** The section UF withdrew (the 37th), after WITHDRAWN_MEMBER had joined it. */
export const WITHDRAWN_SECTION = classNumberOf(BIG_COURSE_SECTIONS);
export const WITHDRAWN_MEMBER = { firstName: 'Wendy', lastName: 'Withdrawn', username: 'wendy_withdrawn', password: 'chomp-chomp-42' };
export const WITHDRAWN_MEMBER_MESSAGE = 'Anyone have the notes from Monday?';

const TEACHERS = ['Maria Chen', 'David Okafor', 'Priya Raman', 'Luis Ortega', 'Hannah Kim', 'Samuel Adeyemi'];
const PATTERNS: Omit<MeetTime, 'room'>[] = [
  { days: ['M', 'W', 'F'], begin: '8:30 AM', end: '9:20 AM', building: 'LIT' },
  { days: ['M', 'W', 'F'], begin: '11:45 AM', end: '12:35 PM', building: 'MAT' },
  { days: ['T', 'R'], begin: '1:55 PM', end: '3:50 PM', building: 'LIT' },
  { days: ['T', 'R'], begin: '5:10 PM', end: '7:05 PM', building: 'TUR' },
];

function bigCourseEntries(): CatalogEntry[] {
  return Array.from({ length: BIG_COURSE_SECTIONS + 1 }, (_, i) =>
    sectionEntry({
      term: BIG_COURSE.term,
      courseNumber: BIG_COURSE.code,
      name: BIG_COURSE.name,
      description: 'Graphs, functions, equations and inequalities: the algebra that calculus and statistics build on.',
      classNumber: classNumberOf(i),
      section: sectionOf(i),
      department: 'Mathematics',
      instructors: [classNumberOf(i) === LOVELACE_SECTION ? 'Ada Lovelace' : TEACHERS[i % TEACHERS.length]],
      mode: i % 9 === 4 ? 'Online' : 'Primarily Classroom',
      sectWeb: i % 9 === 4 ? 'AD' : 'PC',
      meetTimes: i % 9 === 4 ? [] : [{ ...PATTERNS[i % PATTERNS.length], room: String(101 + (i % 12)) }],
    }),
  );
}

/**
 * Writes the big course (as its own source, so the withdrawal below touches
 * nothing else), signs WITHDRAWN_MEMBER up, joins and posts in the section to
 * withdraw, then withdraws it as a sync would: the server at `baseUrl` is up.
 */
export async function seedE2eCatalog(catalog: CatalogStore, baseUrl: string): Promise<void> {
  const source = 'e2e-fixture';
  const entries = bigCourseEntries();
  await catalog.upsert(entries, { source });
  const [withdrawn] = await catalog.findByClassNumbers(BIG_COURSE.term, [WITHDRAWN_SECTION]);
  const wendy = new HttpSession(baseUrl);
  const { username, password, ...names } = WITHDRAWN_MEMBER;
  const signedUp = await wendy.signUp(newStudent({ ...names, username, password, email: `${username}@ufl.edu` }));
  if (!signedUp.body.isAuthenticated) throw new Error(`e2e seed: could not sign ${username} up`);
  const steps = [
    await wendy.post('/api/insert-course-member/', { courseID: withdrawn.id }),
    await wendy.post('/api/insert-course-message/', { courseID: withdrawn.id, message: WITHDRAWN_MEMBER_MESSAGE }),
  ];
  if (steps.some((step) => step.status >= 300)) throw new Error('e2e seed: could not join and post in the section to withdraw');
  const offered = entries.map((e) => e.classNumber).filter((n) => n !== WITHDRAWN_SECTION);
  await catalog.withdrawMissing(BIG_COURSE.term, source, offered);
}
