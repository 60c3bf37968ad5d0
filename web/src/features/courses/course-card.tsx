// One search result: a course of one term (name, tags, description, a way in
// to its community) with its matching sections listed under it, each with its
// own Join / Leave. A course can have a hundred sections: the card lists the
// first few the server chose (the student's own, then those the search names,
// then by class number) and "Show all N sections" asks for the rest, moving
// focus to the first one it adds; "Show fewer" keeps focus on itself.
// A course the catalog lists without sections is joined (and left) as a whole.
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { CourseFilters, SearchResultCourse } from '@contract/courses';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { DisclosureButton } from '@web/components/disclosure-button';
import { ErrorLine } from '@web/components/error-line';
import { LoadingLine } from '@web/components/loading-line';
import { useCourseSections } from './api';
import { SectionRow } from './section-row';
import { LEAVE_FAILED_TEXT, leaveCourseQuestion, SECTIONS_UNPUBLISHED_TEXT, useCourseMembership } from './use-course-membership';
import styles from './course-card.module.css';

interface CourseCardProps {
  course: SearchResultCourse;
  memberCourseIds: number[];
  /** The search the card answers: "Show all" lists its sections for the same one. */
  filters: CourseFilters;
}

export function CourseCard({ course, memberCourseIds, filters }: CourseCardProps) {
  const titleId = useId();
  const listId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const toggleRef = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState(false);
  // Set by the click that opened or closed the list, so focus and scrolling follow that click only.
  const moved = useRef<'opened' | 'closed' | null>(null);
  const all = useCourseSections(course.id, filters, expanded);

  const listed = new Set(course.sections.map((section) => section.id));
  const more = expanded && all.data ? all.data.filter((section) => !listed.has(section.id)) : [];
  const sections = [...course.sections, ...more];
  const count = course.section_count;
  const memberIds = new Set(memberCourseIds);
  const inCourse = memberIds.has(course.id);
  // The student's sections of the course as the card knows them now (the answer's, with what was joined or left since).
  const own = new Set([...course.member_section_ids, ...sections.map((section) => section.id)].filter((id) => memberIds.has(id)));

  useEffect(() => {
    if (moved.current === 'opened' && more.length > 0) {
      moved.current = null;
      listRef.current?.children[course.sections.length]?.querySelector('button')?.focus();
    } else if (moved.current === 'closed') {
      moved.current = null;
      // The list shrank above the button, which may now be off screen.
      toggleRef.current?.scrollIntoView({ block: 'nearest' });
    }
  }, [expanded, more.length, course.sections.length]);

  function toggle() {
    moved.current = expanded ? 'closed' : 'opened';
    setExpanded(!expanded);
  }

  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <h3 className={styles.name} id={titleId}>
        {course.name}
      </h3>
      <ul className={styles.tags} aria-label="Course tags">
        <li className={`${styles.tag} ${styles.code}`}>{course.course_number}</li>
        <li className={styles.tag}>{course.term}</li>
        {count === 1 && course.sections[0] ? <li className={styles.tag}>#{course.sections[0].class_number}</li> : null}
        {count > 1 ? <li className={styles.tag}>{count.toLocaleString('en-US')} sections</li> : null}
      </ul>
      {course.description.trim() ? <p className={styles.description}>{course.description}</p> : null}
      {!course.sections_published ? <p className={styles.note}>{SECTIONS_UNPUBLISHED_TEXT}</p> : null}
      {inCourse && own.size === 0 && sections.length > 0 ? <p className={styles.note}>You are in this course without a section.</p> : null}
      <ul
        className={styles.sections}
        id={listId}
        ref={listRef}
        aria-label={`Sections of ${course.course_number} ${course.name}`}
        hidden={sections.length === 0}
      >
        {sections.map((section) => (
          <li key={section.id}>
            <SectionRow
              section={section}
              isMember={own.has(section.id)}
              courseId={course.id}
              inCourse={inCourse}
              lastOfCourse={own.size === 1 && own.has(section.id)}
              courseTitleId={titleId}
              courseNumber={course.course_number}
            />
          </li>
        ))}
      </ul>
      {count > course.sections.length ? (
        <div className={styles.more} ref={toggleRef}>
          {expanded && all.isPending ? <LoadingLine>Loading sections...</LoadingLine> : null}
          {expanded && all.isError && !all.isFetching ? (
            <ErrorLine onRetry={() => void all.refetch()}>Could not load the other sections.</ErrorLine>
          ) : null}
          <DisclosureButton
            label={expanded ? 'Show fewer' : `Show all ${count.toLocaleString('en-US')} sections`}
            expanded={expanded}
            controls={listId}
            describedBy={titleId}
            onToggle={toggle}
          />
        </div>
      ) : null}
      <div className={styles.actions}>
        {/* The link keeps a short name; the description says which course it opens. */}
        <Link to={`/course/${course.id}`} className="button button--outline" aria-describedby={titleId}>
          View Course
        </Link>
        {sections.length === 0 ? <WholeCourseMembership course={course} inCourse={inCourse} ownSectionIds={[...own]} /> : null}
      </div>
    </article>
  );
}

interface WholeCourseMembershipProps {
  course: SearchResultCourse;
  inCourse: boolean;
  /** Any section of it the student is in all the same (none listed here): they go with the course. */
  ownSectionIds: number[];
}

/**
 * Join and Leave of a course listed without sections: the course's own id.
 * Leaving is asked first (its chat and the student's groups go with it).
 */
function WholeCourseMembership({ course, inCourse, ownSectionIds }: WholeCourseMembershipProps) {
  const membership = useCourseMembership();
  const [confirming, setConfirming] = useState(false);
  const change = { id: course.id, courseId: course.id, ids: [course.id, ...ownSectionIds] };
  const verb = inCourse ? 'Leave course' : 'Join course';

  function toggle() {
    if (membership.pending) return;
    if (inCourse) setConfirming(true);
    else membership.join(change);
  }

  return (
    <>
      <button
        type="button"
        className={inCourse ? 'button button--danger-outline' : 'button button--primary'}
        aria-label={`${verb} ${course.course_number}`}
        aria-haspopup={inCourse ? 'dialog' : undefined}
        // aria-disabled rather than disabled, so keyboard focus stays on the button while it flips.
        aria-disabled={membership.pending}
        onClick={toggle}
      >
        {verb}
      </button>
      {membership.error && !confirming ? (
        <p className={`form-error ${styles.error}`} role="alert">
          {membership.error}
        </p>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          {...leaveCourseQuestion(course.course_number, [])}
          onConfirm={() => membership.leave(change, () => setConfirming(false))}
          onClose={() => setConfirming(false)}
          pending={membership.leaving}
          error={membership.leaveError}
          failedMessage={LEAVE_FAILED_TEXT}
        />
      ) : null}
    </>
  );
}
