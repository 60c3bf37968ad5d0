// Join and Leave for one section's or course's buttons (a search card's row,
// a card of a course without sections, a course header): one change at a
// time, and the line to show when the last one failed. What leaving costs is
// said here too, for the dialogs that ask first.
import { isApiError, messageForStudent } from '@web/lib/api-error';
import { useJoinCourse, useLeaveCourse, type MembershipChange } from './membership-api';

/** What a student reads when they tried to join a section UF withdrew since the page was loaded. */
const WITHDRAWN_TEXT = 'This section is no longer offered: UF withdrew it, so it cannot be joined.';

function joinError(error: unknown): string {
  // Other refusals (too many sections this term, an unverified address) in the server's words.
  return isApiError(error, 'SECTION_WITHDRAWN')
    ? WITHDRAWN_TEXT
    : messageForStudent(error, 'Could not join this course. Please try again.');
}

export const LEAVE_FAILED_TEXT = 'Could not leave this course. Please try again.';

/** Said where a course is listed without sections (a course-level record of the catalog). */
export const SECTIONS_UNPUBLISHED_TEXT = 'Sections for this term are not in this catalog';

/** A leave's "Are you sure?": the dialog's title, text and button. */
export interface LeaveQuestion {
  title: string;
  message: string;
  confirmLabel: string;
}

/** Asked before leaving a whole course (every section of it goes too); `withdrawn` names the student's sections of it that UF withdrew. */
export function leaveCourseQuestion(courseNumber: string, withdrawn: string[]): LeaveQuestion {
  const gone =
    withdrawn.length === 0
      ? ''
      : ` UF no longer offers ${withdrawn.join(' and ')}, so you cannot join ${withdrawn.length === 1 ? 'it' : 'them'} again.`;
  return {
    title: `Leave ${courseNumber}?`,
    message: `You leave its chat, its students and your study groups there, and your sections of it.${gone}`,
    confirmLabel: 'Leave course',
  };
}

/**
 * Asked before leaving a section when that also leaves its course (the
 * student's last section of it) or cannot be undone (UF withdrew it); null
 * when neither, and it is left at once. `section` reads "section 1889".
 */
export function leaveSectionQuestion(
  section: string,
  courseNumber: string,
  { last, withdrawn }: { last: boolean; withdrawn: boolean },
): LeaveQuestion | null {
  if (!last && !withdrawn) return null;
  const course = last ? `Leaving ${section} leaves ${courseNumber}: its chat, students and your study groups there.` : '';
  const gone = withdrawn ? 'UF no longer offers this section, so you cannot join it again once you leave.' : '';
  return { title: `Leave ${section}?`, message: [course, gone].filter(Boolean).join(' '), confirmLabel: 'Leave' };
}

export function useCourseMembership() {
  const join = useJoinCourse();
  const leave = useLeaveCourse();

  function change(mutate: typeof join.mutate | typeof leave.mutate, target: MembershipChange, onDone?: () => void) {
    join.reset();
    leave.reset();
    mutate(target, { onSuccess: onDone });
  }

  return {
    joining: join.isPending,
    leaving: leave.isPending,
    pending: join.isPending || leave.isPending,
    error: join.isError ? joinError(join.error) : leave.isError ? LEAVE_FAILED_TEXT : null,
    /** The last leave's refusal itself, for a dialog that shows the server's reason. */
    leaveError: leave.error,
    join: (target: MembershipChange, onJoined?: () => void) => change(join.mutate, target, onJoined),
    leave: (target: MembershipChange, onLeft?: () => void) => change(leave.mutate, target, onLeft),
  };
}
