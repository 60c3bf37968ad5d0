// Join and Leave for one course's buttons (a search card, a course header):
// one change at a time, and the line to show when the last one failed.
import { useJoinCourse, useLeaveCourse } from './api';

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
    error: join.isError ? 'Could not join this course. Please try again.' : leave.isError ? 'Could not leave this course. Please try again.' : null,
    join: (onJoined?: () => void) => change(join, onJoined),
    leave: (onLeft?: () => void) => change(leave, onLeft),
  };
}
