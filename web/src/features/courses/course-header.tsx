// The head of a course as the dashboard and /course/{id} show it: code,
// name, term, credits, instructors and description; for a member, their
// sections of it ("Section 1889, Tu/Th 9:35 AM"), or that they joined it
// without one and where to add it; and Leave course (asked first: every
// section of it goes too) for members, Join course for everyone else. A
// course the catalog lists without sections says so. Compact, so the chat
// below gets the room: on phones the term, credits, instructors and
// description are behind "Course details"; wider, they take two lines, and
// the button shows the rest when they do not fit.
import { useEffect, useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import type { Course } from '@contract/courses';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { DisclosureButton } from '@web/components/disclosure-button';
import { Icon } from '@web/components/icon';
import { sectionSummary, sectionWords } from './section-summary';
import { LEAVE_FAILED_TEXT, leaveCourseQuestion, SECTIONS_UNPUBLISHED_TEXT, useCourseMembership } from './use-course-membership';
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

/** The search that lists the course's sections, to add one. */
function sectionsSearch(course: Course): string {
  return `/search-courses?${new URLSearchParams({ q: course.course_number, term: course.term, page: '1' }).toString()}`;
}

/** A member's sections of the course, one line each, or that they named none. */
function OwnSections({ course }: { course: Course }) {
  if (course.sections.length === 0) {
    return (
      <p className={styles.sectionsNote}>
        You joined this course without a section.
        {course.sections_on_offer > 0 ? (
          <>
            {' '}
            <Link to={sectionsSearch(course)}>Add your section</Link>
          </>
        ) : null}
      </p>
    );
  }
  return (
    <ul className={styles.sections} aria-label="Your sections">
      {course.sections.map((section) => (
        <li key={section.id}>
          {sectionSummary(section)}
          {section.withdrawn ? <span className={styles.withdrawn}> (UF no longer lists it)</span> : null}
        </li>
      ))}
    </ul>
  );
}

export function CourseHeader({ course, isMember, headingLevel, titleId, onBack, focusTitle = false }: CourseHeaderProps) {
  const membership = useCourseMembership();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const aboutRef = useRef<HTMLDivElement>(null);
  const aboutId = useId();
  const [expanded, setExpanded] = useState(false);
  // Leaving the course takes its chat, its groups and every section of it: asked first.
  const [confirmingLeave, setConfirmingLeave] = useState(false);
  const cut = useCut(aboutRef, expanded);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const credits = creditsLabel(course.credits);
  // Who teaches the student's sections (a course has many teachers; theirs are the ones that matter).
  const instructors = [...new Set(course.sections.flatMap((section) => section.instructors).filter((name) => name.trim() !== ''))].join(
    ', ',
  );
  const code = course.course_number;
  const whole = { id: course.id, courseId: course.id };

  // The button that was pressed is gone (Join and Leave swap places); the title is the steady point.
  const focusOnTitle = () => titleRef.current?.focus();
  // Only when first shown: the header stays as long as its course does.
  const focusWhenShown = useRef(focusTitle);
  useEffect(() => {
    if (focusWhenShown.current) titleRef.current?.focus();
  }, []);

  function leave() {
    membership.leave({ ...whole, ids: [course.id, ...course.sections.map((section) => section.id)] }, () => {
      setConfirmingLeave(false);
      focusOnTitle();
    });
  }

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
        {/* The code, and beside it the student's sections: one line on a phone, as the class number was. */}
        <div className={styles.meta}>
          <span className={styles.code}>{code}</span>
          {isMember !== false && course.sections_published && course.sections.length > 0 ? <OwnSections course={course} /> : null}
        </div>
        {isMember ? (
          <button
            type="button"
            className={`button button--danger-outline button--small ${styles.leave}`}
            onClick={() => setConfirmingLeave(true)}
            // The name says which course, after the visible text (WCAG 2.5.3).
            aria-label={`Leave course ${code}`}
            aria-haspopup="dialog"
            disabled={membership.pending}
            aria-busy={membership.leaving}
          >
            Leave course
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
      {!course.sections_published ? <p className={styles.sectionsNote}>{SECTIONS_UNPUBLISHED_TEXT}</p> : null}
      {/* Undefined only on the dashboard, for one of the student's own courses while its page is on the way. */}
      {isMember !== false && course.sections_published && course.sections.length === 0 ? <OwnSections course={course} /> : null}
      <div className={styles.about} id={aboutId} ref={aboutRef}>
        <ul className={styles.facts} aria-label="Term, credits and instructors">
          <li>{course.term}</li>
          {credits ? <li>{credits}</li> : null}
          {instructors ? <li>{instructors}</li> : null}
        </ul>{' '}
        {course.description.trim() ? <p className={styles.description}>{course.description}</p> : null}
      </div>
      {isMember === false ? (
        <button
          type="button"
          className={`button button--primary ${styles.join}`}
          onClick={() => membership.join({ ...whole, ids: [course.id] }, focusOnTitle)}
          aria-label={`Join course ${code}`}
          disabled={membership.pending}
          aria-busy={membership.joining}
        >
          {membership.joining ? <span className="button__spinner" aria-hidden="true" /> : null}
          Join course
        </button>
      ) : null}
      {confirmingLeave ? (
        <ConfirmDialog
          {...leaveCourseQuestion(code, course.sections.filter((section) => section.withdrawn).map(sectionWords))}
          onConfirm={leave}
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
