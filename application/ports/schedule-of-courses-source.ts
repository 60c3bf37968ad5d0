// Where the sync reads a term's schedule: UF's Schedule of Courses, one page
// at a time (adapters/catalog/http-schedule-of-courses.ts), in the flat
// records domain/course/catalog-record.ts checks.

export interface ScheduleQuery {
  /** UF's term code: "2258" is Fall 2025. */
  termCode: string;
  /** UF's program category: CWSP (campus, web, special programs), UFOL (UF Online), IA (Innovation Academy). */
  category: string;
  /** 0 for the first page, then the number the previous page answered with. */
  controlNumber: number;
}

export interface SchedulePage {
  /** The page's courses (one per UF course id and name), each as flat section records. */
  courses: { key: string; records: unknown[] }[];
  /** Where the next page starts. */
  nextControlNumber: number;
  /** Rows (course codes) in this page; 0 past the last page. */
  retrievedRows: number;
  /** Rows of the whole query. */
  totalRows: number;
}

export interface ScheduleOfCoursesSource {
  /**
   * Whether it asks as a signed-in ONE.UF session. UF answers meeting times
   * (and seats) only to one: an anonymous answer lists every section with none.
   */
  readonly signedIn: boolean;
  /** One page; SourceUnavailableError when asking again may help, SourceAnswerRefusedError when it would not. */
  page(query: ScheduleQuery): Promise<SchedulePage>;
}

/** The source did not answer usefully this time (a 5xx, a time-out, a cut connection): worth asking again. */
export class SourceUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SourceUnavailableError';
  }
}

/**
 * The source answered something the sync will not read (an answer larger than
 * any page could be): asking again would bring the same, so the run stops.
 */
export class SourceAnswerRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SourceAnswerRefusedError';
  }
}
