// /course/{courseID}: a course as a page of its own, with the groups of the
// course for members and Join course for everyone else. A new id is a new
// course: it starts from "loading", not from the previous one. A section's id
// names its course too: the address then becomes the course's own, in place
// (Back does not return to the section's).
import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { ErrorLine } from '@web/components/error-line';
import { LoadingLine } from '@web/components/loading-line';
import { useCoursePage } from '@web/features/courses/api';
import { CourseJoinNote } from '@web/features/courses/course-join-note';
import { CourseNotFound } from '@web/features/courses/course-not-found';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { CourseArticle } from './course/course-article';
import { CoursePanels } from './course/lazy-course-panels';
import styles from './course.module.css';

export function CoursePage() {
  const { courseID = '' } = useParams();
  // Only a plain positive number can name a course; anything else is answered here, without a call.
  const courseId = /^\d{1,10}$/.test(courseID) ? Number(courseID) : 0;
  return (
    <div className={`page ${styles.page}`}>{courseId > 0 ? <CourseDetails key={courseId} courseId={courseId} /> : <MissingCourse />}</div>
  );
}

function MissingCourse() {
  useDocumentTitle('Course not found');
  return <CourseNotFound />;
}

function CourseDetails({ courseId }: { courseId: number }) {
  const { data: page, isFetching, isError, refetch, moreGroups } = useCoursePage(courseId);
  useDocumentTitle(page ? `${page.course.course_number} ${page.course.name}` : page === null ? 'Course not found' : 'Course');
  const retry = () => void refetch();
  const navigate = useNavigate();
  const { search, hash } = useLocation();
  const canonicalId = page?.course.id;
  useEffect(() => {
    if (canonicalId !== undefined && canonicalId !== courseId) void navigate(`/course/${canonicalId}${search}${hash}`, { replace: true });
  }, [canonicalId, courseId, navigate, search, hash]);

  if (page === null) return <CourseNotFound />;
  if (!page) {
    return isError && !isFetching ? (
      <ErrorLine onRetry={retry}>Could not load this course.</ErrorLine>
    ) : (
      <LoadingLine>Loading course...</LoadingLine>
    );
  }
  return (
    <CourseArticle course={page.course} isMember={page.isMember} headingLevel={1}>
      {isError && !isFetching ? <ErrorLine onRetry={retry}>Could not load this course's students.</ErrorLine> : null}
      {page.isMember ? <CoursePanels course={page.course} page={page} moreGroups={moreGroups} headingLevel={2} /> : <CourseJoinNote />}
    </CourseArticle>
  );
}
