// The frame of a course wherever it shows (the dashboard, /course/{id}): an
// article named by the course's title, its header, then what the page adds.
import { useId, type ReactNode } from 'react';
import type { Course } from '@contract/courses';
import { CourseHeader } from '@web/features/courses/course-header';
import styles from './course-article.module.css';

interface CourseArticleProps {
  course: Course;
  /** Undefined while the course page is on its way. */
  isMember: boolean | undefined;
  headingLevel: 1 | 2;
  onBack?: () => void;
  /** Move focus to the course's title once shown. */
  focusTitle?: boolean;
  children: ReactNode;
}

export function CourseArticle({ course, isMember, headingLevel, onBack, focusTitle, children }: CourseArticleProps) {
  const titleId = useId();
  return (
    <article className={styles.article} aria-labelledby={titleId}>
      <CourseHeader
        course={course}
        isMember={isMember}
        headingLevel={headingLevel}
        titleId={titleId}
        onBack={onBack}
        focusTitle={focusTitle}
      />
      {children}
    </article>
  );
}
