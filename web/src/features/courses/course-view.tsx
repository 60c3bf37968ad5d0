// One course as the dashboard and /course/{id} both show it: the header, and
// for members the Groups, Course Chat and Students panels; for everyone else a
// Join Course button.
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { ErrorLine } from '../../components/error-line';
import { Icon } from '../../components/icon';
import { LoadingLine } from '../../components/loading-line';
import { useSessionStore } from '../../lib/session-store';
import { useSignOutWhenExpired } from '../../lib/use-sign-out-when-expired';
import { ChatPanel } from '../chat/chat-panel';
import type { Departure } from '../study-groups/api';
import { GroupsPanel } from '../study-groups/groups-panel';
import type { StudyGroup } from '../../../../adapters/http/contract/study-groups';
import { fetchCoursePage, joinCourse, leaveCourse, type CoursePage } from './api';
import { CourseNotFound } from './course-not-found';
import type { Course } from '../../../../adapters/http/contract/courses';
import { StudentsPanel } from './students-panel';

type Load = { status: 'loading' } | { status: 'failed' } | { status: 'not-found' } | { status: 'ready'; page: CoursePage };

interface CourseViewProps {
  courseId: number;
  /** What the caller already has (the dashboard's list), shown while the rest loads. */
  initialCourse?: Course;
  /** 1 when the view is the page (/course/{id}), 2 inside the dashboard. */
  headingLevel: 1 | 2;
  /** Shows the "Back to courses" button. */
  onBack?: () => void;
  /** Called once the student has left. Without it the view reloads and offers Join Course again. */
  onLeft?: (courseId: number) => void;
  /** Reports the course (or null when there is none), e.g. for the document title. */
  onLoaded?: (course: Course | null) => void;
  /** 'mine' lists only the student's own groups (the dashboard); 'all' every group of the course. */
  groupScope?: 'all' | 'mine';
}

function creditsLabel(credits: string): string | null {
  const value = credits.trim();
  if (!value) return null;
  return `${value} ${value === '1' ? 'credit' : 'credits'}`;
}

export function CourseView({ courseId, initialCourse, headingLevel, onBack, onLeft, onLoaded, groupScope = 'all' }: CourseViewProps) {
  const userId = useSessionStore((state) => state.currentUser?.id);
  const signOutWhenExpired = useSignOutWhenExpired();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [busy, setBusy] = useState<'join' | 'leave' | null>(null);
  const [actionError, setActionError] = useState('');
  // Only the newest request may write its answer (a reload can overtake the first load).
  const latestRequest = useRef(0);
  const onLoadedRef = useRef(onLoaded);
  useEffect(() => {
    onLoadedRef.current = onLoaded;
  });
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);

  const reload = useCallback(async (): Promise<void> => {
    const request = ++latestRequest.current;
    try {
      const result = await fetchCoursePage(courseId);
      if (request !== latestRequest.current) return;
      if (result.kind === 'not-found') {
        setLoad({ status: 'not-found' });
        onLoadedRef.current?.(null);
      } else {
        setLoad({ status: 'ready', page: result.page });
        onLoadedRef.current?.(result.page.course);
      }
    } catch (error) {
      if (request !== latestRequest.current) return;
      if (signOutWhenExpired(error)) return;
      console.error('Could not load the course', error);
      setLoad({ status: 'failed' });
    }
  }, [courseId, signOutWhenExpired]);

  useEffect(() => {
    void reload();
    // Leaving the page makes any answer still in flight stale.
    return () => {
      latestRequest.current += 1;
    };
  }, [reload]);

  function retry() {
    setLoad({ status: 'loading' });
    void reload();
  }

  async function changeMembership(action: 'join' | 'leave') {
    if (busy || userId === undefined) return;
    setBusy(action);
    setActionError('');
    try {
      if (action === 'join') {
        await joinCourse(userId, courseId);
      } else {
        await leaveCourse(userId, courseId);
        if (onLeft) {
          onLeft(courseId);
          return;
        }
      }
      await reload();
      // The button that was pressed is gone (Join and Leave swap places); the title is the steady point.
      titleRef.current?.focus();
    } catch (error) {
      if (signOutWhenExpired(error)) return;
      console.error(`Could not ${action} the course`, error);
      setActionError(action === 'join' ? 'Could not join this course. Please try again.' : 'Could not leave this course. Please try again.');
    } finally {
      setBusy(null);
    }
  }

  // Group changes show at once; a reload then brings sizes and owners up to date.
  function updatePage(change: (page: CoursePage) => CoursePage) {
    setLoad((current) => (current.status === 'ready' ? { status: 'ready', page: change(current.page) } : current));
  }

  function groupCreated(group: StudyGroup) {
    updatePage((current) => ({
      ...current,
      studyGroups: [...current.studyGroups, group],
      memberGroupIds: [...current.memberGroupIds, group.id],
    }));
  }

  function groupLeft(departure: Departure) {
    const gone = departure.groupDeleted || groupScope === 'mine';
    updatePage((current) => ({
      ...current,
      studyGroups: gone ? current.studyGroups.filter((group) => group.id !== departure.studyGroupID) : current.studyGroups,
      memberGroupIds: current.memberGroupIds.filter((id) => id !== departure.studyGroupID),
    }));
    void reload();
  }

  if (load.status === 'not-found') return <CourseNotFound headingLevel={headingLevel} />;

  const page = load.status === 'ready' ? load.page : null;
  const course = page?.course ?? initialCourse;

  if (!course) {
    return load.status === 'failed' ? (
      <ErrorLine onRetry={retry}>Could not load this course.</ErrorLine>
    ) : (
      <LoadingLine>Loading course...</LoadingLine>
    );
  }

  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const panelLevel: 2 | 3 = headingLevel === 1 ? 2 : 3;
  const credits = creditsLabel(course.credits);
  const instructors = course.instructors.filter((name) => name.trim() !== '').join(', ');
  const groupsPanel = page ? (
    <GroupsPanel
      courseId={course.id}
      groups={groupScope === 'mine' ? page.studyGroups.filter((group) => page.memberGroupIds.includes(group.id)) : page.studyGroups}
      memberGroupIds={page.memberGroupIds}
      isCourseMember={page.isMember}
      headingLevel={panelLevel}
      moreLink={groupScope === 'mine' ? { to: `/course/${course.id}`, label: 'Find more groups in this course' } : undefined}
      onCreated={groupCreated}
      onJoined={reload}
      onLeft={groupLeft}
    />
  ) : null;

  return (
    <article className="course-view" aria-labelledby={titleId}>
      <header className="course-header">
        <div className="course-header__bar">
          {onBack ? (
            <button type="button" className="icon-button icon-button--outline" aria-label="Back to courses" onClick={onBack}>
              <Icon name="arrow-left" />
            </button>
          ) : null}
          <p className="course-header__class-number">#{course.class_number}</p>
          {page?.isMember ? (
            <button
              type="button"
              className="button button--danger-outline button--small course-header__leave"
              onClick={() => void changeMembership('leave')}
              disabled={busy !== null}
              aria-busy={busy === 'leave'}
            >
              Leave Course
            </button>
          ) : null}
        </div>
        <p className="course-header__code">{course.course_number}</p>
        <Heading className="course-header__name" id={titleId} ref={titleRef} tabIndex={-1}>
          {course.name}
        </Heading>
        <ul className="course-header__facts" aria-label="Course details">
          <li>{course.term}</li>
          {credits ? <li>{credits}</li> : null}
          {instructors ? <li>{instructors}</li> : null}
        </ul>
        {course.description.trim() ? <p className="course-header__description">{course.description}</p> : null}
        {page && !page.isMember ? (
          <button
            type="button"
            className="button button--primary course-header__join"
            onClick={() => void changeMembership('join')}
            disabled={busy !== null}
            aria-busy={busy === 'join'}
          >
            {busy === 'join' ? <span className="button__spinner" aria-hidden="true" /> : null}
            Join Course
          </button>
        ) : null}
        {actionError ? (
          <p className="form-error course-header__error" role="alert">
            {actionError}
          </p>
        ) : null}
      </header>

      {load.status === 'loading' ? <LoadingLine>Loading course...</LoadingLine> : null}
      {load.status === 'failed' ? <ErrorLine onRetry={retry}>Could not load this course's students.</ErrorLine> : null}
      {page && !page.isMember ? <p className="course-view__join-note">Join this course to see its students, study groups and chat.</p> : null}
      {page?.isMember ? (
        <div className="course-panels">
          {groupsPanel}
          {userId !== undefined ? (
            <ChatPanel
              room={{ kind: 'course', id: course.id }}
              userId={userId}
              roomName={course.name}
              initialMessages={page.messages}
              headingLevel={panelLevel}
              onAccessLost={() => void reload()}
            />
          ) : null}
          <StudentsPanel members={page.members} headingLevel={panelLevel} />
        </div>
      ) : null}
    </article>
  );
}
