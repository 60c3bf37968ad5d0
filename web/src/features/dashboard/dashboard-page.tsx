// The signed-in home: the student's courses on the left, the selected one beside them.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ErrorLine } from '../../components/error-line';
import { Icon } from '../../components/icon';
import { LoadingLine } from '../../components/loading-line';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSignOutWhenExpired } from '../../lib/use-sign-out-when-expired';
import { fetchDashboard } from '../courses/api';
import type { Course } from '../../../../adapters/http/contract/courses';
import { CourseView } from '../courses/course-view';

type Load = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; courses: Course[] };

// Below this width the list sits above the course, so picking one scrolls down to it.
const STACKED_LAYOUT = '(max-width: 799px)';

export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const signOutWhenExpired = useSignOutWhenExpired();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const listButtons = useRef(new Map<number, HTMLButtonElement>());
  const viewRef = useRef<HTMLElement>(null);
  const promptRef = useRef<HTMLParagraphElement>(null);
  const focusPrompt = useRef(false);

  const loadCourses = useCallback(
    async (isCurrent: () => boolean) => {
      try {
        const { courses } = await fetchDashboard();
        if (!isCurrent()) return;
        setLoad({ status: 'ready', courses });
        setSelectedId(courses[0]?.id ?? null);
      } catch (error) {
        if (!isCurrent() || signOutWhenExpired(error)) return;
        console.error('Could not load the dashboard', error);
        setLoad({ status: 'failed' });
      }
    },
    [signOutWhenExpired],
  );

  useEffect(() => {
    let current = true;
    void loadCourses(() => current);
    return () => {
      current = false;
    };
  }, [loadCourses]);

  // After leaving a course its view is gone; put focus on what replaced it
  // rather than let it fall back to the top of the document.
  useEffect(() => {
    if (selectedId === null && focusPrompt.current) {
      focusPrompt.current = false;
      promptRef.current?.focus();
    }
  }, [selectedId]);

  function retry() {
    setLoad({ status: 'loading' });
    void loadCourses(() => true);
  }

  function select(courseId: number) {
    setSelectedId(courseId);
    if (window.matchMedia(STACKED_LAYOUT).matches) {
      requestAnimationFrame(() => viewRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
    }
  }

  function back() {
    const courseId = selectedId;
    setSelectedId(null);
    if (courseId !== null) listButtons.current.get(courseId)?.focus();
  }

  function left(courseId: number) {
    setLoad((current) =>
      current.status === 'ready' ? { status: 'ready', courses: current.courses.filter((course) => course.id !== courseId) } : current,
    );
    focusPrompt.current = true;
    setSelectedId(null);
  }

  const courses = load.status === 'ready' ? load.courses : [];
  const selected = courses.find((course) => course.id === selectedId);
  // Two sections of one course read the same by number and name; only then add what tells them apart.
  const sharedNumbers = new Set(
    courses.map((course) => course.course_number).filter((number, index, all) => all.indexOf(number) !== index),
  );

  return (
    <div className="page dashboard">
      <h1 className="visually-hidden">Dashboard</h1>
      <section className="dashboard__courses" aria-labelledby="dashboard-courses-heading">
        <div className="dashboard__courses-header">
          <h2 className="dashboard__courses-title" id="dashboard-courses-heading">
            Courses
          </h2>
          <Link to="/search-courses" className="icon-button icon-button--accent" aria-label="Add a course" title="Add a course">
            <Icon name="plus" />
          </Link>
        </div>
        {load.status === 'loading' ? <LoadingLine>Loading courses...</LoadingLine> : null}
        {load.status === 'failed' ? <ErrorLine onRetry={retry}>Could not load your courses.</ErrorLine> : null}
        {courses.length > 0 ? (
          <ul className="course-list">
            {courses.map((course) => (
              <li key={course.id}>
                <button
                  ref={(element) => {
                    if (element) listButtons.current.set(course.id, element);
                    else listButtons.current.delete(course.id);
                  }}
                  type="button"
                  className="course-list__button"
                  aria-pressed={course.id === selectedId}
                  onClick={() => select(course.id)}
                >
                  <span className="course-list__code">{course.course_number}</span>{' '}
                  <span className="course-list__name">{course.name}</span>
                  {sharedNumbers.has(course.course_number) ? (
                    <span className="course-list__section">
                      {' '}
                      {course.term} #{course.class_number}
                    </span>
                  ) : null}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      <section className="dashboard__view" ref={viewRef} aria-label="Selected course">
        {load.status === 'ready' && courses.length === 0 ? (
          <div className="notice">
            <p className="notice__title" ref={promptRef} tabIndex={-1}>
              You have no courses.
            </p>
            <p className="notice__text">Click the plus button in the courses section to add a course.</p>
          </div>
        ) : null}
        {load.status === 'ready' && courses.length > 0 && !selected ? (
          <div className="notice">
            <p className="notice__title" ref={promptRef} tabIndex={-1}>
              Select one of your courses!
            </p>
          </div>
        ) : null}
        {selected ? (
          <CourseView
            key={selected.id}
            courseId={selected.id}
            initialCourse={selected}
            headingLevel={2}
            onBack={back}
            onLeft={left}
            groupScope="mine"
          />
        ) : null}
      </section>
    </div>
  );
}
