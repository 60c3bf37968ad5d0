// Stands in for a course's panels until the student joins it.
import styles from './course-join-note.module.css';

export function CourseJoinNote() {
  return <p className={styles.note}>Join this course to see its students, study groups and chat.</p>;
}
