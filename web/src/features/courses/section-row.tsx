// One section under its course on a search card: section and class number
// (a link to the section's page), credits, instructors, meeting times or
// "Online", and its own Join / Leave, which flips at once and flips back with
// a line when the server refused. The button's name says which section of
// which course it joins ("Join section 1889 of COP3502C"), since every row's
// visible text is the same Join; it starts with that text, as WCAG 2.5.3 asks.
import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { CourseSection } from '@contract/courses';
import { describeMeetings } from '@domain/course/meet-times';
import { useCourseMembership } from './use-course-membership';
import styles from './section-row.module.css';

interface SectionRowProps {
  section: CourseSection;
  isMember: boolean;
  /** The course's title, which the buttons' descriptions start with. */
  courseTitleId: string;
  /** The course's code (COP3502C), which the buttons' names end with. */
  courseNumber: string;
}

/** "section 1889 of COP3502C", for the names of the buttons that join or leave it; a section UF gave no number goes by its class number. */
export function sectionOfCourse(section: Pick<CourseSection, 'section' | 'class_number'>, courseNumber: string): string {
  const which = section.section.trim() ? `section ${section.section.trim()}` : `class ${section.class_number}`;
  return `${which} of ${courseNumber}`;
}

export function SectionRow({ section, isMember, courseTitleId, courseNumber }: SectionRowProps) {
  const labelId = useId();
  const membership = useCourseMembership(section.id);
  const meetings = describeMeetings({ sectWeb: section.sect_web, mode: section.mode, meetTimes: section.meet_times });
  const instructors = section.instructors.join(', ');
  const credits = section.credits.trim();

  function toggleMembership() {
    if (membership.pending) return;
    if (isMember) membership.leave();
    else membership.join();
  }

  return (
    <div className={styles.section}>
      <div className={styles.details} id={labelId}>
        <p className={styles.head}>
          <Link to={`/course/${section.id}`} className={styles.link}>
            {section.section ? `Section ${section.section} ` : ''}#{section.class_number}
          </Link>
          {credits ? <span className={styles.credits}>{`${credits} ${credits === '1' ? 'credit' : 'credits'}`}</span> : null}
        </p>
        <p className={styles.instructors}>{instructors || 'Instructor not listed'}</p>
        <p className={styles.meetings}>
          {meetings.length > 0
            ? meetings.map((line) => (
                <span key={line} className={styles.meeting}>
                  {line}
                </span>
              ))
            : 'Meeting times not listed'}
        </p>
      </div>
      <button
        type="button"
        className={`${isMember ? 'button button--danger-outline' : 'button button--primary'} button--small ${styles.toggle}`}
        aria-label={`${isMember ? 'Leave' : 'Join'} ${sectionOfCourse(section, courseNumber)}`}
        aria-describedby={`${courseTitleId} ${labelId}`}
        // aria-disabled rather than disabled, so keyboard focus stays on the button while it flips.
        aria-disabled={membership.pending}
        onClick={toggleMembership}
      >
        {isMember ? 'Leave' : 'Join'}
      </button>
      {membership.error ? (
        <p className={`form-error ${styles.error}`} role="alert">
          {membership.error}
        </p>
      ) : null}
    </div>
  );
}
