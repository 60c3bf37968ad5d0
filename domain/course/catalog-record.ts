// Turns one flat catalog record (a JSONL line of the shipped catalog, or a
// section adapters/catalog flattened out of UF's schedule-of-courses JSON)
// into a catalog entry, or a reason.
import type { CatalogEntry } from './course';
import { normaliseCourseCode } from './course-search';
import { canonicalTerm, isTermName } from './term';

export type RecordResult = { ok: true; entry: CatalogEntry } | { ok: false; reason: string };

const LIMITS = { name: 300, code: 20, section: 20, credits: 20, department: 200, mode: 100 };

const str = (value: unknown): string => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

/** A flat record: term, code, name, description, classNumber, section, credits, dept, instructors, mode. */
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
  return {
    ok: true,
    entry: {
      term: canonicalTerm(term),
      courseNumber: code,
      name,
      description: str(r.description),
      classNumber,
      section: str(r.section).slice(0, LIMITS.section),
      credits: str(r.credits).slice(0, LIMITS.credits),
      department: str(r.dept).slice(0, LIMITS.department),
      instructors,
      mode: str(r.mode).slice(0, LIMITS.mode),
    },
  };
}

function fail(reason: string): RecordResult {
  return { ok: false, reason };
}
