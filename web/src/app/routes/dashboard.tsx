// The signed-in home: the student's courses on the left, the selected one beside them.
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ErrorLine } from '../../components/error-line';
import { Icon } from '../../components/icon';
import { LoadingLine } from '../../components/loading-line';
import { useDashboard } from '../../features/courses/api';
import { CourseList } from '../../features/courses/course-list';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useElementRefs } from '../../lib/use-element-refs';
import { MEDIA } from '../../styles/breakpoints';
import { DashboardCourse } from './course/dashboard-course';
import styles from './dashboard.module.css';

export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const { data, isFetching, isError, refetch } = useDashboard();
  // Undefined until the list first arrives, which selects its first course.
  const [selectedId, setSelectedId] = useState<number | null | undefined>(undefined);
  if (selectedId === undefined && data) setSelectedId(data.courses[0]?.id ?? null);
  const listButtons = useElementRefs<number>();
  const viewRef = useRef<HTMLElement>(null);
  const promptRef = useRef<HTMLParagraphElement>(null);

  const courses = data?.courses ?? [];
  const selected = courses.find((course) => course.id === selectedId);
  // The selected course is no longer the student's: they left it.
  const left = data !== undefined && selectedId != null && !selected;

  // Its view is gone with it; put focus on what replaced it rather than let it
  // fall back to the top of the document.
  useEffect(() => {
    if (left) promptRef.current?.focus();
  }, [left]);

  function select(courseId: number) {
    setSelectedId(courseId);
    // In the stacked layout the course sits below the list: bring it into view.
    if (window.matchMedia(MEDIA['md-down']).matches) {
      requestAnimationFrame(() => viewRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
    }
  }

  function back() {
    setSelectedId(null);
    if (selected) listButtons.get(selected.id)?.focus();
  }

  return (
    <div className={`page ${styles.dashboard}`}>
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
          <CourseList courses={courses} selectedId={selected?.id ?? null} onSelect={select} buttonRef={listButtons.refFor} />
        ) : null}
      </section>

      <section className={styles.view} ref={viewRef} aria-label="Selected course">
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
        {selected ? <DashboardCourse key={selected.id} course={selected} onBack={back} /> : null}
      </section>
    </div>
  );
}
