// One search result: what the course is, a way in (View Course) and Join / Leave,
// which flips at once and flips back with a line when the server refused.
import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { Course } from '../../../../adapters/http/contract/courses';
import { useCourseMembership } from './use-course-membership';
import styles from './course-card.module.css';

export function CourseCard({ course, isMember }: { course: Course; isMember: boolean }) {
  const titleId = useId();
  const membership = useCourseMembership(course.id);

  function toggleMembership() {
    if (membership.pending) return;
    if (isMember) membership.leave();
    else membership.join();
  }

  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <h3 className={styles.name} id={titleId}>
        {course.name}
      </h3>
      <ul className={styles.tags} aria-label="Course tags">
        <li className={`${styles.tag} ${styles.code}`}>{course.course_number}</li>
        <li className={styles.tag}>{course.term}</li>
        <li className={styles.tag}>#{course.class_number}</li>
      </ul>
      {course.description.trim() ? <p className={styles.description}>{course.description}</p> : null}
      <div className={styles.actions}>
        {/* The buttons keep short names; the description says which course they act on. */}
        <Link to={`/course/${course.id}`} className="button button--outline" aria-describedby={titleId}>
          View Course
        </Link>
        <button
          type="button"
          className={isMember ? 'button button--danger-outline' : 'button button--primary'}
          aria-describedby={titleId}
          // aria-disabled rather than disabled, so keyboard focus stays on the button while it flips.
          aria-disabled={membership.pending}
          onClick={toggleMembership}
        >
          {isMember ? 'Leave' : 'Join'}
        </button>
      </div>
      {membership.error ? (
        <p className={`form-error ${styles.error}`} role="alert">
          {membership.error}
        </p>
      ) : null}
    </article>
  );
}
