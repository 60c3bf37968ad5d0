// One class section of one term in the UF catalog.
import type { Year } from '../user/user';

export interface Course {
  id: number;
  name: string;
  description: string;
  courseNumber: string;
  term: string;
  classNumber: number;
  section: string;
  credits: string;
  department: string;
  instructors: string[];
  mode: string;
}

export type CatalogEntry = Omit<Course, 'id'>;

/** What other students see of a classmate on a course page. */
export interface MemberProfile {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  major: string;
  year: Year;
  bio: string;
}
