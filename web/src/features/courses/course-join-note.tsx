// Stands in for a course's panels until the student joins it; for a section
// UF withdrew, which takes no one new, it points to the course's other sections.
import { Link } from 'react-router-dom';
import type { Course } from '@contract/courses';
import styles from './course-join-note.module.css';

export function CourseJoinNote({ course }: { course: Course }) {
  if (!course.withdrawn) return <p className={styles.note}>Join this course to see its students, study groups and chat.</p>;
  const search = new URLSearchParams({ q: course.course_number, term: course.term, page: '1' });
  return (
    <p className={styles.note}>
      Its students, study groups and chat stay with the students who joined it.{' '}
      <Link to={`/search-courses?${search.toString()}`}>Find other sections of {course.course_number}</Link>
    </p>
  );
}
