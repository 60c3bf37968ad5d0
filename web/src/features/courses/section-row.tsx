// One section under its course on a search card: section and class number,
// credits, instructors, meeting times or "Online", and its own Join / Leave,
// which flips at once and flips back with a line when the server refused.
// Joining a section joins its course too; leaving the student's last section
// of the course leaves the course (its chat and their groups there), so that
// is asked first, as is leaving a section UF withdrew (it cannot be joined
// again). The button's name says which section of which course it joins
// ("Join section 1889 of COP3502C"), since every row's visible text is the
// same Join; it starts with that text, as WCAG 2.5.3 asks.
import { useId, useState } from 'react';
import type { CourseSection } from '@contract/courses';
import { describeMeetings } from '@domain/course/meet-times';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { sectionWords } from './section-summary';
import { LEAVE_FAILED_TEXT, leaveSectionQuestion, useCourseMembership, type LeaveQuestion } from './use-course-membership';
import styles from './section-row.module.css';

interface SectionRowProps {
  section: CourseSection;
  isMember: boolean;
  /** The course's id: joining the section joins it too. */
  courseId: number;
  /** The student is in the course already (through another section, or alone). */
  inCourse: boolean;
  /** The student is in this section and in no other of the course: leaving it leaves the course. */
  lastOfCourse: boolean;
  /** The course's title, which the buttons' descriptions start with. */
  courseTitleId: string;
  /** The course's code (COP3502C), which the buttons' names end with. */
  courseNumber: string;
}

/** "section 1889 of COP3502C", for the names of the buttons that join or leave it; a section UF gave no number goes by its class number. */
function sectionOfCourse(section: Pick<CourseSection, 'section' | 'class_number'>, courseNumber: string): string {
  return `${sectionWords(section)} of ${courseNumber}`;
}

export function SectionRow({ section, isMember, courseId, inCourse, lastOfCourse, courseTitleId, courseNumber }: SectionRowProps) {
  const labelId = useId();
  const membership = useCourseMembership();
  // Kept from the click: the row flips to Join while the leave is on its way, and the dialog stays until it is done.
  const [asking, setAsking] = useState<LeaveQuestion | null>(null);
  const meetings = describeMeetings({ sectWeb: section.sect_web, mode: section.mode, meetTimes: section.meet_times });
  const instructors = section.instructors.join(', ');
  const credits = section.credits.trim();
  const question = isMember
    ? leaveSectionQuestion(sectionWords(section), courseNumber, { last: lastOfCourse, withdrawn: section.withdrawn })
    : null;

  const leave = (onLeft?: () => void) =>
    membership.leave({ id: section.id, courseId, ids: lastOfCourse ? [section.id, courseId] : [section.id] }, onLeft);

  function toggleMembership() {
    if (membership.pending) return;
    if (!isMember) membership.join({ id: section.id, courseId, ids: inCourse ? [section.id] : [section.id, courseId] });
    else if (question) setAsking(question);
    else leave();
  }

  return (
    <div className={styles.section}>
      <div className={styles.details} id={labelId}>
        <p className={styles.head}>
          <span className={styles.name}>
            {section.section ? `Section ${section.section} ` : ''}#{section.class_number}
          </span>
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
        aria-haspopup={question ? 'dialog' : undefined}
        // aria-disabled rather than disabled, so keyboard focus stays on the button while it flips.
        aria-disabled={membership.pending}
        onClick={toggleMembership}
      >
        {isMember ? 'Leave' : 'Join'}
      </button>
      {membership.error && !asking ? (
        <p className={`form-error ${styles.error}`} role="alert">
          {membership.error}
        </p>
      ) : null}
      {asking ? (
        <ConfirmDialog
          {...asking}
          onConfirm={() => leave(() => setAsking(null))}
          onClose={() => setAsking(null)}
          pending={membership.leaving}
          error={membership.leaveError}
          failedMessage={LEAVE_FAILED_TEXT}
        />
      ) : null}
    </div>
  );
}
