// Turns one flat catalog record (a JSONL line of the shipped catalog, or a
// section adapters/catalog flattened out of UF's schedule-of-courses answer)
// into a catalog entry, or a reason. Only what identifies a section (term,
// code, name, class number) can refuse a record; every text is cleaned and
// capped at its limit (cleanText: no control characters or broken
// surrogates, cut without splitting a character), so an odd or oversized
// text from UF costs a shorter text, never the section or the whole sync.
import { cleanText } from '@domain/text/text-policy';
import type { CatalogCourseEntry, CatalogEntry, MeetTime } from './course';
import { normaliseCourseCode } from './course-search';
import { canonicalTerm, isTermName } from './term';

export type RecordResult = { ok: true; entry: CatalogEntry } | { ok: false; reason: string };
export type CourseRecordResult = { ok: true; course: CatalogCourseEntry } | { ok: false; reason: string };

/**
 * Characters (code points) kept of each text, and items of each list. The
 * columns' own limits where they have one (name 300, department 200, ...);
 * a description 2,000 (UF's longest seen is under 750) and an instructor's
 * name 100 (the longest seen is under 30), since a course page carries them.
 */
const LIMITS = {
  name: 300,
  description: 2_000,
  instructor: 100,
  section: 20,
  credits: 20,
  department: 200,
  mode: 100,
  /** Building, room, UF's course id. */
  short: 40,
  /** Final exam, Gen Ed and Quest names. */
  text: 200,
  /** Instructors, meetings, Gen Ed and Quest entries per section. */
  list: 20,
} as const;
const SECT_WEB = new Set(['PC', 'HB', 'PD', 'AD']);
const MODE_OF: Record<string, string> = { PC: 'Primarily Classroom', HB: 'Hybrid', PD: 'Online', AD: 'Online' };

const str = (value: unknown): string => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');
/** A text as it will be kept: cleaned, and cut at `max` characters. */
const text = (value: unknown, max: number, multiline = false): string => cleanText(str(value), { max, multiline });
const list = (value: unknown, max: number = LIMITS.text): string[] =>
  Array.isArray(value)
    ? value
        .map((v) => text(v, max))
        .filter(Boolean)
        .slice(0, LIMITS.list)
    : [];

/**
 * A flat record: term, code, name, description, classNumber, section, credits,
 * dept, instructors, mode; and, when known, creditsMin, creditsMax, sectWeb,
 * meetTimes [{days, begin, end, building, room}], startDate, endDate,
 * finalExam, genEd, quest, writing, courseId.
 */
export function parseCatalogRecord(record: unknown): RecordResult {
  const identity = courseIdentity(record);
  if (!identity.ok) return identity;
  const { r, term, code, name } = identity;
  const classNumber = Number(r.classNumber);
  if (!Number.isInteger(classNumber) || classNumber <= 0 || classNumber > 2_147_483_647) {
    return fail(`classNumber must be a positive whole number (got ${JSON.stringify(r.classNumber ?? null)})`);
  }
  const instructors = Array.isArray(r.instructors)
    ? list(
        r.instructors.map((i) => (typeof i === 'object' && i !== null ? (i as Record<string, unknown>).name : i)),
        LIMITS.instructor,
      )
    : [];
  const sectWeb = SECT_WEB.has(str(r.sectWeb).toUpperCase()) ? str(r.sectWeb).toUpperCase() : '';
  const creditsMin = creditValue(r.creditsMin);
  const creditsMax = creditValue(r.creditsMax);
  return {
    ok: true,
    entry: {
      term,
      courseNumber: code,
      name,
      description: text(r.description, LIMITS.description, true),
      classNumber,
      section: text(r.section, LIMITS.section),
      credits: creditsLabel(text(r.credits, LIMITS.credits), creditsMin, creditsMax),
      creditsMin,
      creditsMax,
      department: text(r.dept, LIMITS.department),
      instructors,
      mode: text(r.mode, LIMITS.mode) || MODE_OF[sectWeb] || '',
      sectWeb,
      meetTimes: Array.isArray(r.meetTimes) ? r.meetTimes.flatMap(meetTime).slice(0, LIMITS.list) : [],
      startDate: isoDate(r.startDate),
      endDate: isoDate(r.endDate),
      finalExam: text(r.finalExam, LIMITS.text),
      genEd: list(r.genEd),
      quest: list(r.quest),
      writing: ['', 'N'].includes(str(r.writing).toUpperCase()) ? '' : text(r.writing, 10),
      ufCourseId: ufCourseId(r.courseId),
    },
  };
}

/**
 * A course-level record (`{"kind": "course", term, code, name, description,
 * credits}`, and when known dept and courseId): the course, listed whether or
 * not its sections are in the catalog. Term, code and name are checked as a
 * section's are; the texts cleaned and capped the same way.
 */
export function parseCourseRecord(record: unknown): CourseRecordResult {
  const identity = courseIdentity(record);
  if (!identity.ok) return identity;
  const { r, term, code, name } = identity;
  return {
    ok: true,
    course: {
      term,
      courseNumber: code,
      name,
      description: text(r.description, LIMITS.description, true),
      credits: creditsLabel(text(r.credits, LIMITS.credits), creditValue(r.creditsMin), creditValue(r.creditsMax)),
      department: text(r.dept, LIMITS.department),
      ufCourseId: ufCourseId(r.courseId),
    },
  };
}

/** What names a course, in a section's record or a course-level one: term, code and name. */
function courseIdentity(
  record: unknown,
): { ok: true; r: Record<string, unknown>; term: string; code: string; name: string } | { ok: false; reason: string } {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return fail('not a JSON object');
  const r = record as Record<string, unknown>;
  const term = str(r.term);
  if (!isTermName(term)) return fail(`term must look like "Fall 2025" (got ${JSON.stringify(r.term ?? null)})`);
  const code = normaliseCourseCode(str(r.code) || str(r.codeWithSpace));
  if (!/^[A-Z]{3}\d{4}[A-Z]?$/.test(code)) return fail(`code must look like COP3502C (got ${JSON.stringify(r.code ?? null)})`);
  const name = text(r.name, LIMITS.name);
  if (!name) return fail('name is missing');
  return { ok: true, r, term: canonicalTerm(term), code, name };
}

/** A JSON Lines record of kind "course" (a course-level record), not a section. */
export function isCourseRecord(record: unknown): boolean {
  return typeof record === 'object' && record !== null && (record as Record<string, unknown>).kind === 'course';
}

function fail(reason: string): { ok: false; reason: string } {
  return { ok: false, reason };
}

function creditValue(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return Number.isFinite(n) && n >= 0 && n <= 99 ? n : null;
}

/** UF writes "VAR" for variable credit; the range says more ("1-4"). */
function creditsLabel(credits: string, min: number | null, max: number | null): string {
  if (min !== null && max !== null && min !== max && (credits === '' || credits.toUpperCase() === 'VAR')) return `${min}-${max}`;
  if (credits === '' && min !== null) return String(min);
  return credits;
}

function meetTime(value: unknown): MeetTime[] {
  if (typeof value !== 'object' || value === null) return [];
  const m = value as Record<string, unknown>;
  const days = list(m.days, 2).map((d) => d.toUpperCase());
  const meeting = {
    days,
    begin: text(m.begin, 10),
    end: text(m.end, 10),
    building: text(m.building, LIMITS.short),
    room: text(m.room, LIMITS.short),
  };
  return meeting.days.length || meeting.begin || meeting.building ? [meeting] : [];
}

/** "08/21/2025" (UF) or "2025-08-21" -> "2025-08-21"; anything else ''. */
function isoDate(value: unknown): string {
  const date = str(value);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(date);
  if (us) return `${us[3]}-${us[1].padStart(2, '0')}-${us[2].padStart(2, '0')}`;
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : '';
}

/** UF's course id without its zero padding ("018030" and 18030 are one course). */
function ufCourseId(value: unknown): string {
  const id = str(value);
  return /^\d{1,12}$/.test(id) ? String(Number(id)) : text(id, LIMITS.short);
}
