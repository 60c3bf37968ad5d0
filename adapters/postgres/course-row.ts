// A section as read from the courses table, and the columns that make it.
import type { Course, MeetTime } from '@domain/course/course';
import { CourseId } from '@domain/ids';

export interface CourseRow {
  id: number;
  course_group_id: number;
  name: string;
  description: string;
  course_number: string;
  term: string;
  class_number: number;
  section: string;
  credits: string;
  credits_min: number | null;
  credits_max: number | null;
  department: string;
  instructors: string[] | string;
  mode: string;
  sect_web: string;
  meet_times: MeetTime[] | string;
  start_date: string;
  end_date: string;
  final_exam: string;
  gen_ed: string[] | string;
  quest: string[] | string;
  writing: string;
  uf_course_id: string;
  withdrawn_at: Date | string | null;
}

export const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

export function toCourse(row: CourseRow): Course {
  return {
    id: CourseId(row.id),
    courseId: CourseId(row.course_group_id),
    name: row.name,
    description: row.description,
    courseNumber: row.course_number,
    term: row.term,
    classNumber: row.class_number,
    section: row.section,
    credits: row.credits,
    creditsMin: row.credits_min,
    creditsMax: row.credits_max,
    department: row.department,
    instructors: json(row.instructors),
    mode: row.mode,
    sectWeb: row.sect_web,
    meetTimes: json(row.meet_times),
    startDate: row.start_date,
    endDate: row.end_date,
    finalExam: row.final_exam,
    genEd: json(row.gen_ed),
    quest: json(row.quest),
    writing: row.writing,
    ufCourseId: row.uf_course_id,
    withdrawn: row.withdrawn_at !== null,
  };
}

export const COURSE_COLUMNS = [
  'id',
  'name',
  'description',
  'course_number',
  'term',
  'class_number',
  'section',
  'credits',
  'credits_min',
  'credits_max',
  'department',
  'instructors',
  'mode',
  'sect_web',
  'meet_times',
  'start_date',
  'end_date',
  'final_exam',
  'gen_ed',
  'quest',
  'writing',
  'uf_course_id',
  'withdrawn_at',
  'course_group_id',
];
