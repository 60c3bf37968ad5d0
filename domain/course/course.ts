// The UF catalog as students use it. A course (CatalogCourse: one term, code
// and name) is what students join, talk in and form study groups under; it is
// taught in sections (Course, the historical name of a section record: one
// class number of one term), which tell who teaches it, when and where it
// meets and how. A student is in a course through any of its sections, or
// in the course alone (some courses publish no sections).
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

/** One class section of one term (the product's first version called a section a course, and the name stayed). */
export interface Course {
  id: CourseId;
  /** Its course (CatalogCourse): the chat, the students and the study groups every section of it shares. */
  courseId: CourseId;
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
export type CatalogEntry = Omit<Course, 'id' | 'courseId' | 'withdrawn'>;

/**
 * What an import writes of a course-level record (the catalog lists the course,
 * with or without sections): a course without the database's id and counts.
 * Department and UF's course id may be '' (not given).
 */
export type CatalogCourseEntry = Pick<
  CatalogCourse,
  'term' | 'courseNumber' | 'name' | 'description' | 'credits' | 'department' | 'ufCourseId'
>;

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

/** A course of one term: code and name, what every section of it shares. */
export interface CatalogCourse {
  /** From the sections' id space: no section has this id. */
  id: CourseId;
  term: string;
  courseNumber: string;
  name: string;
  description: string;
  /** As UF shows it ("3", "1-4"); '' when unknown. */
  credits: string;
  department: string;
  ufCourseId: string;
  /** Its sections not withdrawn. */
  sectionsOnOffer: number;
  /** False when the catalog lists the course without its sections ("Sections for this term are not in this catalog"). */
  sectionsPublished: boolean;
}

/** A course a student is in, with their sections of it in the order they joined them (none: the course alone). */
export interface JoinedCourse {
  course: CatalogCourse;
  sections: Course[];
}

/** What a course page shows of a classmate's section: "Section 1889, Tu/Th 9:35 AM". */
/** A classmate's section as their profile card names it: its number, when it meets, and (for one that does not) whether it is online. */
export type SectionBrief = Pick<Course, 'id' | 'classNumber' | 'section' | 'meetTimes' | 'sectWeb' | 'mode'>;

/** A classmate of a course, with the sections of it they are in. */
export interface CourseMemberProfile extends MemberProfile {
  sections: SectionBrief[];
}
