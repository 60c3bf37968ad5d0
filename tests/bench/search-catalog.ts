// A catalog of three full terms for the search benchmark, generated from the
// real UF records' shapes and vocabulary (../shared/data/uf-soc): the shared
// files are partial, so their courses (codes, names, descriptions), instructor
// names, departments, buildings and meeting patterns are recombined into
// about 16,000 sections a term, as many as a whole UF term has; and a
// course-level record of every course of the vocabulary in every term (as the
// shipped snapshot has them), so that about a thousand courses a term are
// listed without sections.
import type { CatalogCourseEntry, CatalogEntry, MeetTime } from '@domain/course/course';
import { ufSocCourses, ufSocRecords } from '@tests/support/uf-soc-data';

export const SECTIONS_PER_TERM = 16_000;
export const TERMS = ['Fall 2025', 'Summer 2025', 'Spring 2025'];

type Json = Record<string, unknown>;

let seed = 42;
export const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
export const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];

interface CourseShape {
  code: string;
  name: string;
  description: string;
  credits: number;
}

/** Names repeated once per section in the summer rows ("A B A B A B") are one name. */
function firstName(repeated: string): string {
  const words = repeated.split(/\s+/).filter(Boolean);
  for (let period = 2; period <= Math.min(5, words.length); period++) {
    if (words.length % period === 0 && words.every((w, i) => w === words[i % period])) return words.slice(0, period).join(' ');
  }
  return words.slice(0, 2).join(' ');
}

/** Meetings written as a Python literal in the CSV rows. */
function csvMeetings(text: string): MeetTime[] {
  return [
    ...text.matchAll(
      /'meetDays': \[([^\]]*)\], 'meetTimeBegin': '([^']*)', 'meetTimeEnd': '([^']*)'.*?'meetBuilding': '([^']*)'.*?'meetRoom': '([^']*)'/g,
    ),
  ].map((m) => ({ days: [...m[1].matchAll(/'(\w)'/g)].map((d) => d[1]), begin: m[2], end: m[3], building: m[4], room: m[5] }));
}

export function vocabulary() {
  const soc = [...ufSocCourses('2258'), ...ufSocCourses('2251')];
  const socSections = soc.flatMap((c) => (c.sections as Json[]) ?? []);
  const csv = ufSocRecords('2258', 'gator-course-advisor-csv-rows');
  const courses = new Map<string, CourseShape>();
  const add = (code: unknown, name: unknown, description: unknown, credits: unknown) => {
    const c = String(code ?? '')
      .replace(/\s+/g, '')
      .toUpperCase();
    if (!/^[A-Z]{3}\d{4}[A-Z]?$/.test(c) || !name) return;
    courses.set(`${c}|${name}`, { code: c, name: String(name), description: String(description ?? ''), credits: Number(credits) || 3 });
  };
  for (const r of ufSocRecords('2251', 'gatorguide-course-list')) add(r.code, r.name, r.description, r.credits);
  for (const r of ufSocRecords('2255', 'uf-scheduler-fts-rows')) add(r.code, r.name, r.description, 3);
  for (const r of csv) add(r.Code, r.Name, r.Description, r['Credit Hours']);
  for (const c of soc) add(c.code, c.name, c.description, ((c.sections as Json[])[0] ?? {}).credits);

  const people = new Set<string>();
  for (const s of socSections) for (const i of (s.instructors as Json[]) ?? []) people.add(String(i.name));
  for (const r of csv) if (r.Instructors !== 'No instructor listed') people.add(String(r.Instructors));
  for (const r of ufSocRecords('2255', 'uf-scheduler-fts-rows')) if (r.instructors) people.add(firstName(String(r.instructors)));
  const names = [...people].map((n) => n.split(/\s+/)).filter((w) => w.length >= 2);
  const firsts = [...new Set(names.map((w) => w[0]))];
  const lasts = [...new Set(names.map((w) => w[w.length - 1]))];

  const meetings: MeetTime[] = [
    ...socSections.flatMap((s) =>
      ((s.meetTimes as Json[]) ?? []).map((m) => ({
        days: m.meetDays as string[],
        begin: String(m.meetTimeBegin),
        end: String(m.meetTimeEnd),
        building: String(m.meetBuilding ?? ''),
        room: String(m.meetRoom ?? ''),
      })),
    ),
    ...csv.flatMap((r) => csvMeetings(String(r['Meet Times'] ?? ''))),
  ];
  const buildings = [...new Set(meetings.map((m) => m.building).filter(Boolean))];
  const departments = [
    ...new Set([...socSections.map((s) => String(s.deptName ?? '')), ...csv.map((r) => String(r.Department ?? ''))].filter(Boolean)),
  ];
  return { courses: [...courses.values()], firsts, lasts, meetings, buildings, departments };
}

/** Three terms of sections, each course of a term with 1-12 sections, about SECTIONS_PER_TERM a term. */
export function generateCatalog(): { entries: CatalogEntry[]; vocabulary: ReturnType<typeof vocabulary> } {
  const v = vocabulary();
  const departmentOf = new Map<string, string>();
  const entries: CatalogEntry[] = [];
  TERMS.forEach((term, t) => {
    let classNumber = 10_000 + t * 50_000;
    let sections = 0;
    while (sections < SECTIONS_PER_TERM) {
      for (const course of v.courses) {
        if (sections >= SECTIONS_PER_TERM) break;
        const subject = course.code.slice(0, 3);
        if (!departmentOf.has(subject)) departmentOf.set(subject, pick(v.departments));
        const count = 1 + Math.floor(random() ** 2 * 12);
        for (let s = 0; s < count && sections < SECTIONS_PER_TERM; s++, sections++) {
          const online = random() < 0.2;
          const meetings = online
            ? []
            : Array.from({ length: random() < 0.3 ? 2 : 1 }, () => ({
                ...pick(v.meetings),
                building: pick(v.buildings),
                room: String(100 + Math.floor(random() * 300)),
              }));
          entries.push({
            term,
            courseNumber: course.code,
            name: course.name,
            description: course.description,
            classNumber: classNumber++,
            section: `${String.fromCharCode(65 + (s % 26))}${1000 + Math.floor(random() * 8999)}`,
            credits: String(course.credits),
            creditsMin: course.credits,
            creditsMax: course.credits,
            department: departmentOf.get(subject)!,
            instructors: Array.from({ length: random() < 0.15 ? 2 : 1 }, () => `${pick(v.firsts)} ${pick(v.lasts)}`),
            mode: online ? 'Online' : 'Primarily Classroom',
            sectWeb: online ? 'AD' : 'PC',
            meetTimes: meetings,
            startDate: '',
            endDate: '',
            finalExam: '',
            genEd: [],
            quest: [],
            writing: '',
            ufCourseId: '',
          });
        }
      }
    }
  });
  return { entries, vocabulary: v };
}

/** A course-level record of each course of the vocabulary in each term: those given no sections are listed without. Draws nothing from `random`. */
export function courseRecords(v: ReturnType<typeof vocabulary>): CatalogCourseEntry[] {
  return TERMS.flatMap((term) =>
    v.courses.map((course) => ({
      term,
      courseNumber: course.code,
      name: course.name,
      description: course.description,
      credits: String(course.credits),
      department: '',
      ufCourseId: '',
    })),
  );
}
