// The signed-in home: the student's courses, and the selected one beside them
// (on phones instead of them). The selection is the URL's `?course=`: an id,
// or `none` after the course view's back button; with no parameter the first
// course is selected, replacing the entry so Back does not land here again.
// An id of one of the student's sections (an older link) selects its course
// and becomes the course's id, in place.
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ErrorLine } from '@web/components/error-line';
import { Icon } from '@web/components/icon';
import { LoadingLine } from '@web/components/loading-line';
import { UnreadBadge } from '@web/features/chat/unread-badge';
import { useDashboard } from '@web/features/courses/api';
import { CatalogStatus } from '@web/features/courses/catalog-status';
import { CourseList } from '@web/features/courses/course-list';
import { PushPrompt } from '@web/features/notifications/push-device-control';
import { NextMeetings } from '@web/features/study-groups/next-meetings';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { useElementRefs } from '@web/lib/use-element-refs';
import { MEDIA } from '@web/styles/breakpoints';
import { DashboardCourse } from './course/dashboard-course';
import styles from './dashboard.module.css';

const NO_COURSE = 'none';

/** The course the URL names: undefined when it names none yet, null for `none`, NaN for what cannot be an id. */
function courseInUrl(value: string | null): number | null | undefined {
  if (value === null) return undefined;
  if (value === NO_COURSE) return null;
  return /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
}

export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const { data, isFetching, isError, refetch } = useDashboard();
  const [params, setParams] = useSearchParams();
  const courses = data?.courses ?? [];
  const named = courseInUrl(params.get('course'));
  const selectedId = named === undefined ? courses[0]?.id : named;
  const selected = courses.find((course) => course.id === selectedId || course.sections.some((section) => section.id === selectedId));
  // The URL names a course that is not the student's: left here or elsewhere, or typed.
  const missing = data !== undefined && selectedId != null && !selected;

  const listButtons = useElementRefs<number>();
  const promptRef = useRef<HTMLParagraphElement>(null);
  const refocusAfterBack = useRef<number | null>(null);
  // On phones a course chosen from the list replaces it: its title takes the focus.
  const [focusCourseTitle, setFocusCourseTitle] = useState(false);

  const firstId = data?.courses[0]?.id;
  useEffect(() => {
    if (named === undefined && firstId !== undefined) setParams({ course: String(firstId) }, { replace: true });
  }, [named, firstId, setParams]);

  const selectedCourseId = selected?.id;
  useEffect(() => {
    if (named != null && selectedCourseId !== undefined && selectedCourseId !== named)
      setParams({ course: String(selectedCourseId) }, { replace: true });
  }, [named, selectedCourseId, setParams]);

  // Its view is gone with it; put focus on what replaced it rather than let it
  // fall back to the top of the document.
  useEffect(() => {
    if (missing) promptRef.current?.focus();
  }, [missing]);

  // After Back to courses the list may only now be shown (phones): focus the course left.
  useEffect(() => {
    if (refocusAfterBack.current === null || selected) return;
    listButtons.get(refocusAfterBack.current)?.focus();
    refocusAfterBack.current = null;
  });

  function select(courseId: number) {
    if (courseId === selected?.id) return;
    setFocusCourseTitle(window.matchMedia(MEDIA['md-down']).matches);
    setParams({ course: String(courseId) });
  }

  function back() {
    refocusAfterBack.current = selected?.id ?? null;
    setParams({ course: NO_COURSE });
  }

  return (
    <div className={`page ${styles.dashboard} ${selected ? styles.showingCourse : ''}`}>
      <h1 className="visually-hidden">Dashboard</h1>
      <section className={styles.courses} aria-labelledby="dashboard-courses-heading">
        <div className={styles.coursesHeader}>
          <h2 className={styles.coursesTitle} id="dashboard-courses-heading">
            Courses
          </h2>
          <Link to="/search-courses" className="icon-button icon-button--accent" aria-label="Add a course" title="Add a course">
            <Icon name="plus" />
          </Link>
        </div>
        {!data && isFetching ? <LoadingLine>Loading courses...</LoadingLine> : null}
        {isError && !isFetching ? <ErrorLine onRetry={() => void refetch()}>Could not load your courses.</ErrorLine> : null}
        {courses.length > 0 ? (
          <CourseList
            courses={courses}
            selectedId={selected?.id ?? null}
            onSelect={select}
            buttonRef={listButtons.refFor}
            badge={(id) => <UnreadBadge room={{ kind: 'course', id }} />}
          />
        ) : null}
        {data ? <NextMeetings items={data.nextMeetings} /> : null}
        {courses.length > 0 ? <PushPrompt /> : null}
        <CatalogStatus />
      </section>

      <section className={styles.view} aria-label="Selected course">
        {data && courses.length === 0 ? (
          <div className="notice">
            <p className="notice__title" ref={promptRef} tabIndex={-1}>
              You have no courses.
            </p>
            <p className="notice__text">Click the plus button in the courses section to add a course.</p>
          </div>
        ) : null}
        {courses.length > 0 && !selected ? (
          <div className="notice">
            <p className="notice__title" ref={promptRef} tabIndex={-1}>
              Select one of your courses!
            </p>
          </div>
        ) : null}
        {selected ? <DashboardCourse key={selected.id} course={selected} onBack={back} focusTitle={focusCourseTitle} /> : null}
      </section>
    </div>
  );
}
