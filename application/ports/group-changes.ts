import type { CourseId, StudyGroupId } from '@domain/ids';

/** The group as a use case has it loaded (a StudyGroup will do). */
export interface ChangedGroup {
  id: StudyGroupId;
  courseId: CourseId;
}

/**
 * The one place a change to a study group is told to the pages showing it.
 * Every use case that changes what a group's page shows (its members and
 * owner, name, description, privacy, size limit, meetings, join requests
 * and invites, RSVPs) calls `changed(group)` once, after its write: the
 * group's open pages (and its course's) read it again at once, on every app
 * server. Never fails: a lost signal costs an open page its freshness until
 * the next change or reload, never the use case its answer.
 */
export interface GroupChanges {
  changed(group: ChangedGroup): Promise<void>;
}
