// One class section of one term in the UF catalog, with what a student uses to
// tell sections apart: who teaches it, when and where it meets, how it is taught.
import type { CourseId, UserId } from '@domain/ids';
import type { ProfileYear } from '@domain/user/user';

/** One weekly meeting of a section: days as UF writes them (M T W R F S U), times as "10:40 AM". */
export interface MeetTime {
  days: string[];
  begin: string;
  end: string;
  building: string;
  room: string;
}

export interface Course {
  id: CourseId;
  name: string;
  description: string;
  courseNumber: string;
  term: string;
  classNumber: number;
  section: string;
  /** As UF shows it: "3", "1-4" or "VAR"; creditsMin/Max give the range. */
  credits: string;
  creditsMin: number | null;
  creditsMax: number | null;
  department: string;
  instructors: string[];
  /** The delivery mode as words ("Online", "Hybrid", "Primarily Classroom"). */
  mode: string;
  /** UF's delivery code: PC primarily classroom, HB hybrid, PD online 80-99 %, AD online 100 %; '' unknown. */
  sectWeb: string;
  /** Empty when UF did not publish them (it often hides them from anonymous callers) or the section does not meet. */
  meetTimes: MeetTime[];
  /** ISO dates (YYYY-MM-DD), '' when unknown. */
  startDate: string;
  endDate: string;
  /** As UF writes it: "12/11/2025 @ 8:00 PM - 10:00 PM"; '' when none. */
  finalExam: string;
  /** Gen Ed areas ("Physical Science") and Quest attributes, as UF names them. */
  genEd: string[];
  quest: string[];
  /** The writing requirement ("Y" for Gordon Rule writing, or UF's word count code); '' when none. */
  writing: string;
  /** UF's course id (zero-padded in some answers; stored without the padding); '' when unknown. */
  ufCourseId: string;
  /** Gone from UF's latest complete answer: hidden from search, kept for the students who joined it. */
  withdrawn: boolean;
}

/** What an import or a sync writes: a section without the database's id and mark. */
export type CatalogEntry = Omit<Course, 'id' | 'withdrawn'>;

/** What other students see of a classmate on a course page. */
export interface MemberProfile {
  id: UserId;
  username: string;
  firstName: string;
  lastName: string;
  major: string;
  year: ProfileYear;
  bio: string;
  /** False until the student opens the link mailed to their address: the profile card says "Unverified". */
  verified: boolean;
}
