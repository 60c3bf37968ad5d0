// Join and Leave for one course's buttons (a search card, a course header):
// one change at a time, and the line to show when the last one failed.
import { isApiError, messageForStudent } from '@web/lib/api-error';
import { useJoinCourse, useLeaveCourse } from './api';

function joinError(error: unknown): string {
  // Other refusals (too many sections this term, an unverified address) in the server's words.
  return isApiError(error, 'SECTION_WITHDRAWN')
    ? WITHDRAWN_TEXT
    : messageForStudent(error, 'Could not join this course. Please try again.');
}

/** What a student reads where a section UF withdrew would offer to join it. */
export const WITHDRAWN_TEXT = 'This section is no longer offered: UF withdrew it, so it cannot be joined.';

export const LEAVE_FAILED_TEXT = 'Could not leave this course. Please try again.';

export function useCourseMembership(courseId: number) {
  const join = useJoinCourse();
  const leave = useLeaveCourse();

  function change(membership: typeof join, onDone?: () => void) {
    join.reset();
    leave.reset();
    membership.mutate(courseId, { onSuccess: onDone });
  }

  return {
    joining: join.isPending,
    leaving: leave.isPending,
    pending: join.isPending || leave.isPending,
    error: join.isError ? joinError(join.error) : leave.isError ? LEAVE_FAILED_TEXT : null,
    /** The last leave's refusal itself, for a dialog that shows the server's reason. */
    leaveError: leave.error,
    join: (onJoined?: () => void) => change(join, onJoined),
    leave: (onLeft?: () => void) => change(leave, onLeft),
  };
}
