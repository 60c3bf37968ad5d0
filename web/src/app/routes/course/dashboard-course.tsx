// The course selected on the dashboard: shown at once from the dashboard's
// list, then with its groups, chat and students once its page arrives.
import type { Course } from '@contract/courses';
import { ErrorLine } from '@web/components/error-line';
import { LoadingLine } from '@web/components/loading-line';
import { useCoursePage } from '@web/features/courses/api';
import { CourseJoinNote } from '@web/features/courses/course-join-note';
import { CourseNotFound } from '@web/features/courses/course-not-found';
import { CourseArticle } from './course-article';
import { CoursePanels } from './lazy-course-panels';

interface DashboardCourseProps {
  course: Course;
  onBack: () => void;
  /** Move focus to its title once shown (on phones it replaced the list that had it). */
  focusTitle: boolean;
}

export function DashboardCourse({ course: listed, onBack, focusTitle }: DashboardCourseProps) {
  const { data: page, isFetching, isError, refetch, moreGroups } = useCoursePage(listed.id);
  if (page === null) return <CourseNotFound headingLevel={2} />;

  return (
    <CourseArticle course={page?.course ?? listed} isMember={page?.isMember} headingLevel={2} onBack={onBack} focusTitle={focusTitle}>
      {!page && isFetching ? <LoadingLine>Loading course...</LoadingLine> : null}
      {isError && !isFetching ? <ErrorLine onRetry={() => void refetch()}>Could not load this course's students.</ErrorLine> : null}
      {page && !page.isMember ? <CourseJoinNote /> : null}
      {page?.isMember ? <CoursePanels course={page.course} page={page} moreGroups={moreGroups} headingLevel={3} /> : null}
    </CourseArticle>
  );
}
