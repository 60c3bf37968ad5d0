// The head of a course as the dashboard and /course/{id} show it: class number,
// code, name, term, credits, instructors and description, with Leave Course
// for members and Join Course for everyone else (or, for a section UF
// withdrew, that it is no longer offered). Compact, so the chat below
// gets the room: on phones the term, credits, instructors and description
// are behind "Course details"; wider, they take two lines, and the button
// shows the rest when they do not fit.
import { useEffect, useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { Course } from '@contract/courses';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { DisclosureButton } from '@web/components/disclosure-button';
import { Icon } from '@web/components/icon';
import { sectionOfCourse } from './section-row';
import { SectionSchedule } from './section-schedule';
import { LEAVE_FAILED_TEXT, useCourseMembership, WITHDRAWN_TEXT } from './use-course-membership';
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
  /** Move focus to the title once shown (the course replaced what had it). */
  focusTitle?: boolean;
}

function creditsLabel(credits: string): string | null {
  const value = credits.trim();
  if (!value) return null;
  return `${value} ${value === '1' ? 'credit' : 'credits'}`;
}

/** Whether the collapsed details are cut (their two lines); watched as the header resizes. */
function useCut(element: RefObject<HTMLElement | null>, expanded: boolean): boolean {
  const [cut, setCut] = useState(false);
  useLayoutEffect(() => {
    const node = element.current;
    if (!node || expanded) return;
    const measure = () => setCut(node.scrollHeight > node.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, [element, expanded]);
  return cut;
}

export function CourseHeader({ course, isMember, headingLevel, titleId, onBack, focusTitle = false }: CourseHeaderProps) {
  const membership = useCourseMembership(course.id);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const aboutRef = useRef<HTMLDivElement>(null);
  const aboutId = useId();
  const [expanded, setExpanded] = useState(false);
  // Leaving a section UF withdrew cannot be undone (it cannot be joined again): asked first.
  const [confirmingLeave, setConfirmingLeave] = useState(false);
  const cut = useCut(aboutRef, expanded);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const credits = creditsLabel(course.credits);
  const instructors = course.instructors.filter((name) => name.trim() !== '').join(', ');
  // The buttons' names say what they join or leave, after their visible text (WCAG 2.5.3).
  const which = sectionOfCourse(course, course.course_number);

  // The button that was pressed is gone (Join and Leave swap places); the title is the steady point.
  const focusOnTitle = () => titleRef.current?.focus();
  // Only when first shown: the header stays as long as its course does.
  const focusWhenShown = useRef(focusTitle);
  useEffect(() => {
    if (focusWhenShown.current) titleRef.current?.focus();
  }, []);

  const classes = [styles.header, onBack ? styles.withBack : '', expanded ? styles.expanded : '', cut || expanded ? styles.cut : ''];
  return (
    <header className={classes.join(' ')}>
      <div className={styles.top}>
        {onBack ? (
          <button type="button" className={`icon-button icon-button--outline ${styles.back}`} aria-label="Back to courses" onClick={onBack}>
            <Icon name="arrow-left" />
          </button>
        ) : null}
        <Heading className={styles.name} id={titleId} ref={titleRef} tabIndex={-1}>
          {course.name}
        </Heading>
        <p className={styles.meta}>
          <span className={styles.classNumber}>#{course.class_number}</span> <span className={styles.code}>{course.course_number}</span>
        </p>
        {isMember ? (
          <button
            type="button"
            className={`button button--danger-outline button--small ${styles.leave}`}
            onClick={() => (course.withdrawn ? setConfirmingLeave(true) : membership.leave(focusOnTitle))}
            aria-label={`Leave Course: ${which}`}
            aria-haspopup={course.withdrawn ? 'dialog' : undefined}
            disabled={membership.pending}
            aria-busy={membership.leaving}
          >
            Leave Course
          </button>
        ) : null}
        <DisclosureButton
          label="Course details"
          look="round-on-phones"
          className={styles.toggle}
          expanded={expanded}
          controls={aboutId}
          onToggle={() => setExpanded(!expanded)}
        />
      </div>
      <div className={styles.about} id={aboutId} ref={aboutRef}>
        <ul className={styles.facts} aria-label="Term, credits and instructors">
          <li>{course.term}</li>
          {credits ? <li>{credits}</li> : null}
          {instructors ? <li>{instructors}</li> : null}
        </ul>{' '}
        <SectionSchedule course={course} />
        {course.description.trim() ? <p className={styles.description}>{course.description}</p> : null}
      </div>
      {isMember === false && course.withdrawn ? <p className={styles.withdrawn}>{WITHDRAWN_TEXT}</p> : null}
      {isMember === false && !course.withdrawn ? (
        <button
          type="button"
          className={`button button--primary ${styles.join}`}
          onClick={() => membership.join(focusOnTitle)}
          aria-label={`Join Course: ${which}`}
          disabled={membership.pending}
          aria-busy={membership.joining}
        >
          {membership.joining ? <span className="button__spinner" aria-hidden="true" /> : null}
          Join Course
        </button>
      ) : null}
      {confirmingLeave ? (
        <ConfirmDialog
          title="Leave this section?"
          message="UF no longer offers this section, so you cannot join it again once you leave. You also leave your study groups in it."
          confirmLabel="Leave Course"
          onConfirm={() =>
            membership.leave(() => {
              setConfirmingLeave(false);
              focusOnTitle();
            })
          }
          onClose={() => setConfirmingLeave(false)}
          pending={membership.leaving}
          error={membership.leaveError}
          failedMessage={LEAVE_FAILED_TEXT}
        />
      ) : null}
      {membership.error && !confirmingLeave ? (
        <p className={`form-error ${styles.error}`} role="alert">
          {membership.error}
        </p>
      ) : null}
    </header>
  );
}
