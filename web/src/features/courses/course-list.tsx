// The student's courses, one button each; the selected one is pressed. The
// page may add a badge to each (its chat's unread messages).
import type { ReactNode } from 'react';
import type { Course } from '@contract/courses';
import styles from './course-list.module.css';

interface CourseListProps {
  courses: Course[];
  selectedId: number | null;
  onSelect: (courseId: number) => void;
  /** Keeps each course's button, so focus can return to it. */
  buttonRef: (courseId: number) => (button: HTMLButtonElement | null) => void;
  /** Shown in the course's button, at its top right (nothing for none). */
  badge?: (courseId: number) => ReactNode;
}

export function CourseList({ courses, selectedId, onSelect, buttonRef, badge }: CourseListProps) {
  // The same course in two terms reads the same by number and name; only then add the term.
  const sharedNumbers = new Set(
    courses.map((course) => course.course_number).filter((number, index, all) => all.indexOf(number) !== index),
  );
  return (
    <ul className={styles.list}>
      {courses.map((course) => (
        <li key={course.id}>
          <button
            ref={buttonRef(course.id)}
            type="button"
            className={styles.course}
            aria-pressed={course.id === selectedId}
            onClick={() => onSelect(course.id)}
          >
            <span className={styles.code}>{course.course_number}</span> <span className={styles.name}>{course.name}</span>
            {sharedNumbers.has(course.course_number) ? <span className={styles.term}> {course.term}</span> : null}
            {badge ? <span className={styles.badge}>{badge(course.id)}</span> : null}
          </button>
        </li>
      ))}
    </ul>
  );
}
