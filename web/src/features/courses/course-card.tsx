// One search result: a course of one term (name, tags, description, a way in)
// with its matching sections listed under it, each with its own Join / Leave.
// A course can have a hundred sections: the card lists the first few the
// server chose (the student's own, then those the search names, then by class
// number) and "Show all N sections" asks for the rest, moving focus to the
// first one it adds; "Show fewer" keeps focus on itself.
// The way in opens the student's own section when they are in one (the first
// section's page would offer to join that one instead).
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { CourseFilters, SearchResultCourse } from '@contract/courses';
import { DisclosureButton } from '@web/components/disclosure-button';
import { ErrorLine } from '@web/components/error-line';
import { LoadingLine } from '@web/components/loading-line';
import { useCourseSections } from './api';
import { SectionRow } from './section-row';
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
  const wayIn = course.sections.find((section) => memberCourseIds.includes(section.id))?.id ?? course.id;

  useEffect(() => {
    if (moved.current === 'opened' && more.length > 0) {
      moved.current = null;
      listRef.current?.children[course.sections.length]?.querySelector('a')?.focus();
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
        <li className={styles.tag}>{count === 1 ? `#${course.class_number}` : `${count.toLocaleString('en-US')} sections`}</li>
      </ul>
      {course.description.trim() ? <p className={styles.description}>{course.description}</p> : null}
      <ul className={styles.sections} id={listId} ref={listRef} aria-label={`Sections of ${course.course_number} ${course.name}`}>
        {sections.map((section) => (
          <li key={section.id}>
            <SectionRow
              section={section}
              isMember={memberCourseIds.includes(section.id)}
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
        <Link to={`/course/${wayIn}`} className="button button--outline" aria-describedby={titleId}>
          View Course
        </Link>
      </div>
    </article>
  );
}
