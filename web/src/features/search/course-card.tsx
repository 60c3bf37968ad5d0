// One search result: what the course is, a way in (View Course) and Join / Leave.
import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { Course } from '../../../../adapters/http/contract/courses';

interface CourseCardProps {
  course: Course;
  isMember: boolean;
  /** A join or leave for this course is on its way to the server. */
  pending: boolean;
  error: string | null;
  onToggleMembership: (course: Course) => void;
}

export function CourseCard({ course, isMember, pending, error, onToggleMembership }: CourseCardProps) {
  const titleId = useId();
  return (
    <article className="course-card" aria-labelledby={titleId}>
      <h3 className="course-card__name" id={titleId}>
        {course.name}
      </h3>
      <ul className="tag-list" aria-label="Course tags">
        <li className="tag tag--code">{course.course_number}</li>
        <li className="tag">{course.term}</li>
        <li className="tag">#{course.class_number}</li>
      </ul>
      {course.description.trim() ? <p className="course-card__description">{course.description}</p> : null}
      <div className="course-card__actions">
        {/* The buttons keep short names; the description says which course they act on. */}
        <Link to={`/course/${course.id}`} className="button button--outline" aria-describedby={titleId}>
          View Course
        </Link>
        <button
          type="button"
          className={isMember ? 'button button--danger-outline' : 'button button--primary'}
          aria-describedby={titleId}
          // aria-disabled rather than disabled, so keyboard focus stays on the button while it flips.
          aria-disabled={pending}
          onClick={() => {
            if (!pending) onToggleMembership(course);
          }}
        >
          {isMember ? 'Leave' : 'Join'}
        </button>
      </div>
      {error ? (
        <p className="form-error course-card__error" role="alert">
          {error}
        </p>
      ) : null}
    </article>
  );
}
