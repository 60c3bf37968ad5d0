// One search result: a course of one term (name, tags, description, a way in)
// with its matching sections listed under it, each with its own Join / Leave.
// The way in opens the student's own section when they are in one (the first
// section's page would offer to join that one instead).
import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { SearchResultCourse } from '../../../../adapters/http/contract/courses';
import { SectionRow } from './section-row';
import styles from './course-card.module.css';

export function CourseCard({ course, memberCourseIds }: { course: SearchResultCourse; memberCourseIds: number[] }) {
  const titleId = useId();
  const [only] = course.sections.length === 1 ? course.sections : [];
  const wayIn = course.sections.find((section) => memberCourseIds.includes(section.id))?.id ?? course.id;

  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <h3 className={styles.name} id={titleId}>
        {course.name}
      </h3>
      <ul className={styles.tags} aria-label="Course tags">
        <li className={`${styles.tag} ${styles.code}`}>{course.course_number}</li>
        <li className={styles.tag}>{course.term}</li>
        <li className={styles.tag}>{only ? `#${only.class_number}` : `${course.sections.length} sections`}</li>
      </ul>
      {course.description.trim() ? <p className={styles.description}>{course.description}</p> : null}
      <ul className={styles.sections} aria-label={`Sections of ${course.course_number} ${course.name}`}>
        {course.sections.map((section) => (
          <li key={section.id}>
            <SectionRow section={section} isMember={memberCourseIds.includes(section.id)} courseTitleId={titleId} />
          </li>
        ))}
      </ul>
      <div className={styles.actions}>
        {/* The link keeps a short name; the description says which course it opens. */}
        <Link to={`/course/${wayIn}`} className="button button--outline" aria-describedby={titleId}>
          View Course
        </Link>
      </div>
    </article>
  );
}
