// The head of a course as the dashboard and /course/{id} show it: class number,
// code, name, term, credits, instructors and description, with Leave Course
// for members and Join Course for everyone else.
import { useRef } from 'react';
import type { Course } from '../../../../adapters/http/contract/courses';
import { Icon } from '../../components/icon';
import { SectionSchedule } from './section-schedule';
import { useCourseMembership } from './use-course-membership';
import styles from './course-header.module.css';

interface CourseHeaderProps {
  course: Course;
  /** Undefined while the course page is still on its way: neither button shows yet. */
  isMember: boolean | undefined;
  /** 1 when the course is the page (/course/{id}), 2 inside the dashboard. */
  headingLevel: 1 | 2;
  /** Names the course's article. */
  titleId: string;
  /** Shows the "Back to courses" button. */
  onBack?: () => void;
}

function creditsLabel(credits: string): string | null {
  const value = credits.trim();
  if (!value) return null;
  return `${value} ${value === '1' ? 'credit' : 'credits'}`;
}

export function CourseHeader({ course, isMember, headingLevel, titleId, onBack }: CourseHeaderProps) {
  const membership = useCourseMembership(course.id);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const credits = creditsLabel(course.credits);
  const instructors = course.instructors.filter((name) => name.trim() !== '').join(', ');

  // The button that was pressed is gone (Join and Leave swap places); the title is the steady point.
  const focusTitle = () => titleRef.current?.focus();

  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        {onBack ? (
          <button type="button" className="icon-button icon-button--outline" aria-label="Back to courses" onClick={onBack}>
            <Icon name="arrow-left" />
          </button>
        ) : null}
        <p className={styles.classNumber}>#{course.class_number}</p>
        {isMember ? (
          <button
            type="button"
            className={`button button--danger-outline button--small ${styles.leave}`}
            onClick={() => membership.leave(focusTitle)}
            disabled={membership.pending}
            aria-busy={membership.leaving}
          >
            Leave Course
          </button>
        ) : null}
      </div>
      <p className={styles.code}>{course.course_number}</p>
      <Heading className={styles.name} id={titleId} ref={titleRef} tabIndex={-1}>
        {course.name}
      </Heading>
      <ul className={styles.facts} aria-label="Course details">
        <li>{course.term}</li>
        {credits ? <li>{credits}</li> : null}
        {instructors ? <li>{instructors}</li> : null}
      </ul>
      <SectionSchedule course={course} />
      {course.description.trim() ? <p className={styles.description}>{course.description}</p> : null}
      {isMember === false ? (
        <button
          type="button"
          className={`button button--primary ${styles.join}`}
          onClick={() => membership.join(focusTitle)}
          disabled={membership.pending}
          aria-busy={membership.joining}
        >
          {membership.joining ? <span className="button__spinner" aria-hidden="true" /> : null}
          Join Course
        </button>
      ) : null}
      {membership.error ? (
        <p className={`form-error ${styles.error}`} role="alert">
          {membership.error}
        </p>
      ) : null}
    </header>
  );
}
