// The use cases of a group's meetings (schedule, change, cancel, answer),
// registered with the rest by use-cases.ts, which hands over the shared
// policy they use. What they change reaches the members' devices and mail
// (MeetingNews: notification-jobs.ts); a student going has the meeting's
// reminder planned (MeetingReminders).
import { AnswerMeeting } from '@application/study-groups/answer-meeting';
import { CancelMeeting } from '@application/study-groups/cancel-meeting';
import { CancelMeetingOccurrence } from '@application/study-groups/cancel-meeting-occurrence';
import { ScheduleMeeting } from '@application/study-groups/schedule-meeting';
import { UpdateMeeting } from '@application/study-groups/update-meeting';
import type { GroupChanges } from '@application/ports/group-changes';
import { TOKENS, type Token } from '@application/ports/tokens';
import { NOTIFICATION_JOBS } from './notification-jobs';
import type { Resolve } from './register';

const { Clock, CourseCatalog, StudyGroupRepository } = TOKENS;
const { MeetingNews, MeetingReminders } = NOTIFICATION_JOBS;

export function meetingUseCases(groupChanges: Token<GroupChanges>) {
  return {
    scheduleMeeting: (r: Resolve) =>
      new ScheduleMeeting(r(StudyGroupRepository), r(CourseCatalog), r(groupChanges), r(Clock), r(MeetingNews)),
    updateMeeting: (r: Resolve) => new UpdateMeeting(r(StudyGroupRepository), r(CourseCatalog), r(groupChanges), r(Clock), r(MeetingNews)),
    cancelMeeting: (r: Resolve) => new CancelMeeting(r(StudyGroupRepository), r(groupChanges), r(MeetingNews)),
    cancelMeetingOccurrence: (r: Resolve) =>
      new CancelMeetingOccurrence(r(StudyGroupRepository), r(groupChanges), r(Clock), r(MeetingNews)),
    answerMeeting: (r: Resolve) => new AnswerMeeting(r(StudyGroupRepository), r(groupChanges), r(Clock), r(MeetingReminders)),
  };
}
