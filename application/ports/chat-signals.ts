// "Something happened" signals for waiting requests (long polls), by topic:
// a room ("course:12", "group:3") when it gains a message, an edit or a
// delete; a student ("user:7") when their read marks or memberships change;
// a group's page ("group-page:3") and its course's list of groups
// ("course-groups:12") when something they show changes (GroupChanges).
// A signal carries no data: the waiter reads again.
import type { ChatRoom } from '@domain/chat/chat-room';
import type { CourseId, StudyGroupId, UserId } from '@domain/ids';

export type WatchOutcome = 'signal' | 'timeout' | 'closed' | 'aborted';

export interface Watch {
  /**
   * Waits for a signal on one of the watch's topics. A signal that came since
   * the watch was made (or since the last next()) answers at once, so a
   * caller that registers, reads, then waits misses nothing; a 'signal'
   * answer consumes the signals it reports. 'closed': the
   * server is shutting down; 'aborted': the signal (the client left) fired.
   */
  next(options: { timeoutMs: number; signal?: AbortSignal }): Promise<WatchOutcome>;
  /** The topics the last 'signal' answers reported (and forgets them). */
  takeSignalled(): string[];
  /** Stops watching; every watch must be closed. */
  close(): void;
}

export interface ChatSignals {
  /** Registers at once, before the caller reads. */
  watch(topics: readonly string[]): Watch;
  /**
   * Tells every app server's waiters on the topic. For a room, `newest` is
   * the id of the entry just written (servers remember it to answer idle
   * polls without a read). Never fails: a lost signal costs a waiter its
   * deadline, not an error.
   */
  announce(topic: string, newest?: string): Promise<void>;
}

export function roomTopic(room: ChatRoom): string {
  return `${room.kind}:${room.id}`;
}

export function studentTopic(userId: UserId): string {
  return `user:${userId}`;
}

/** What a study group's page shows (members, owner, details, meetings, requests, RSVPs) changed. */
export function groupPageTopic(groupId: StudyGroupId | number): string {
  return `group-page:${groupId}`;
}

/** One of a course's study groups changed, or one was made: what its course page lists of them. */
export function courseGroupsTopic(courseId: CourseId | number): string {
  return `course-groups:${courseId}`;
}
