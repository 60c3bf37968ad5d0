import type { CourseCatalog } from '../ports/course-catalog';

/** The terms present in the catalog, newest first, for the term select. */
export class ListTerms {
  constructor(private readonly catalog: CourseCatalog) {}

  execute(): Promise<string[]> {
    return this.catalog.terms();
  }
}
