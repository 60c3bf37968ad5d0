// How many sections of one term a student may be in: more than any real
// schedule (a full load is 4-6 courses, with their labs and discussions about
// 8 sections) with room to try a few before leaving the others, and few enough
// that nobody can sit in a whole department (docs/limits.md).
import { TooManySectionsError } from './course-errors';

export const SECTIONS_PER_TERM = 12;

/**
 * Throws unless the student, in `inTerm` sections of `term` now, may join
 * `adding` more of it. A repository calls it where no other join of the
 * student can interleave, with the counts it read there.
 */
export function admitSections(term: string, inTerm: number, adding: number): void {
  if (adding > 0 && inTerm + adding > SECTIONS_PER_TERM) throw new TooManySectionsError(term, SECTIONS_PER_TERM, inTerm);
}
