// Turns one flat catalog record (a JSONL line of the shipped catalog, or a
// section adapters/catalog flattened out of UF's schedule-of-courses answer)
// into a catalog entry, or a reason.
import type { CatalogEntry, MeetTime } from './course';
import { normaliseCourseCode } from './course-search';
import { canonicalTerm, isTermName } from './term';

export type RecordResult = { ok: true; entry: CatalogEntry } | { ok: false; reason: string };

const LIMITS = { name: 300, code: 20, section: 20, credits: 20, department: 200, mode: 100, short: 40, text: 200, list: 20 };
const SECT_WEB = new Set(['PC', 'HB', 'PD', 'AD']);
const MODE_OF: Record<string, string> = { PC: 'Primarily Classroom', HB: 'Hybrid', PD: 'Online', AD: 'Online' };

const str = (value: unknown): string => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');
const short = (value: unknown, max: number = LIMITS.short) => str(value).slice(0, max);
const list = (value: unknown, max: number = LIMITS.text): string[] =>
  Array.isArray(value) ? value.map((v) => short(v, max)).filter(Boolean).slice(0, LIMITS.list) : [];

/**
 * A flat record: term, code, name, description, classNumber, section, credits,
 * dept, instructors, mode; and, when known, creditsMin, creditsMax, sectWeb,
 * meetTimes [{days, begin, end, building, room}], startDate, endDate,
 * finalExam, genEd, quest, writing, courseId.
 */
export function parseCatalogRecord(record: unknown): RecordResult {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return fail('not a JSON object');
  const r = record as Record<string, unknown>;
  const term = str(r.term);
  if (!isTermName(term)) return fail(`term must look like "Fall 2025" (got ${JSON.stringify(r.term ?? null)})`);
  const code = normaliseCourseCode(str(r.code) || str(r.codeWithSpace));
  if (!/^[A-Z]{3}\d{4}[A-Z]?$/.test(code)) return fail(`code must look like COP3502C (got ${JSON.stringify(r.code ?? null)})`);
  const name = str(r.name);
  if (!name) return fail('name is missing');
  if (name.length > LIMITS.name) return fail(`name is longer than ${LIMITS.name} characters`);
  const classNumber = Number(r.classNumber);
  if (!Number.isInteger(classNumber) || classNumber <= 0 || classNumber > 2_147_483_647) {
    return fail(`classNumber must be a positive whole number (got ${JSON.stringify(r.classNumber ?? null)})`);
  }
  const instructors = Array.isArray(r.instructors)
    ? r.instructors.map((i) => (typeof i === 'object' && i !== null ? str((i as Record<string, unknown>).name) : str(i))).filter(Boolean)
    : [];
  const sectWeb = SECT_WEB.has(str(r.sectWeb).toUpperCase()) ? str(r.sectWeb).toUpperCase() : '';
  const creditsMin = creditValue(r.creditsMin);
  const creditsMax = creditValue(r.creditsMax);
  return {
    ok: true,
    entry: {
      term: canonicalTerm(term),
      courseNumber: code,
      name,
      description: str(r.description),
      classNumber,
      section: str(r.section).slice(0, LIMITS.section),
      credits: creditsLabel(str(r.credits), creditsMin, creditsMax).slice(0, LIMITS.credits),
      creditsMin,
      creditsMax,
      department: str(r.dept).slice(0, LIMITS.department),
      instructors,
      mode: (str(r.mode) || MODE_OF[sectWeb] || '').slice(0, LIMITS.mode),
      sectWeb,
      meetTimes: Array.isArray(r.meetTimes) ? r.meetTimes.flatMap(meetTime).slice(0, LIMITS.list) : [],
      startDate: isoDate(r.startDate),
      endDate: isoDate(r.endDate),
      finalExam: short(r.finalExam, LIMITS.text),
      genEd: list(r.genEd),
      quest: list(r.quest),
      writing: ['', 'N'].includes(str(r.writing).toUpperCase()) ? '' : short(r.writing, 10),
      ufCourseId: ufCourseId(r.courseId),
    },
  };
}

function fail(reason: string): RecordResult {
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
  const meeting = { days, begin: short(m.begin, 10), end: short(m.end, 10), building: short(m.building), room: short(m.room) };
  return meeting.days.length || meeting.begin || meeting.building ? [meeting] : [];
}

/** "08/21/2025" (UF) or "2025-08-21" -> "2025-08-21"; anything else ''. */
function isoDate(value: unknown): string {
  const text = str(value);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (us) return `${us[3]}-${us[1].padStart(2, '0')}-${us[2].padStart(2, '0')}`;
  return /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : '';
}

/** UF's course id without its zero padding ("018030" and 18030 are one course). */
export function ufCourseId(value: unknown): string {
  const text = str(value);
  return /^\d{1,12}$/.test(text) ? String(Number(text)) : text.slice(0, LIMITS.short);
}
