// A group's events reach the students they concern (issue 26): a join request
// its owner, the answer and an invite the student, a meeting's news its
// members (never the one who made the change). The action queues a job
// (`group-events`) and answers at once; the job, run by a worker on any
// server, reads the group as it is then (a group deleted meanwhile tells
// nobody; a meeting's news goes to who is a member then) and delivers it
// (notice-delivery.ts). A failure to queue never fails the action.
import type { StudyGroupId, UserId } from '@domain/ids';
import { eventNotice, type GroupEvent, type MeetingChange } from '@domain/notifications/student-event';
import type { Meeting, StudyGroup } from '@domain/study-group/study-group';
import type { Clock } from '@application/ports/clock';
import type { JobQueue } from '@application/ports/job-queue';
import type { StudyGroupRepository } from '@application/ports/study-group-repository';
import type { UserRepository } from '@application/ports/user-repository';
import { DevicesUnreachableError, type NoticeDelivery, type NoticeOutcome } from './notice-delivery';

export const GROUP_EVENTS_QUEUE = 'group-events';

/** The job's data: the event, who it is for, and its key (one per event: every channel and retry sends it once). */
export interface GroupEventJob {
  event: GroupEvent;
  to: UserId[];
  key: string;
}

/** Queues events; what the use cases hold. */
export class GroupEvents {
  constructor(
    private readonly jobs: JobQueue,
    private readonly now: Clock,
    /** Told when an event could not be queued; the action stands (a lost event costs a notification, never the action). */
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  /** Tells `to` of the event (nobody: nothing queued). */
  async tell(event: GroupEvent, to: readonly UserId[]): Promise<void> {
    if (to.length === 0) return;
    // One event: its kind, group, moment, and its one student (or its members).
    const key = `${event.kind}:${event.groupId}:${this.now()}:${to.length === 1 ? to[0] : 'members'}`;
    const job: GroupEventJob = { event, to: [...to], key };
    try {
      await this.jobs.send(GROUP_EVENTS_QUEUE, job, { key });
    } catch (error) {
      this.onError(error);
    }
  }
}

/** The students of `to` the event still concerns, as the group is now. */
function stillConcerned(job: GroupEventJob, group: StudyGroup): UserId[] {
  const { event } = job;
  const memberIds = new Set(group.members.map((member) => member.id));
  switch (event.kind) {
    case 'join-request':
      // The owner now (ownership may have passed on), unless the student got in meanwhile.
      return memberIds.has(event.studentId) ? [] : [group.owner.id];
    case 'invite':
      return job.to.filter((id) => !memberIds.has(id));
    case 'request-answer':
      return job.to;
    case 'meeting':
    case 'meeting-reminder':
      return job.to.filter((id) => memberIds.has(id));
  }
}

/** Runs a `group-events` job (the worker's handler). */
export class NotifyGroupEvent {
  constructor(
    private readonly groups: Pick<StudyGroupRepository, 'findById'>,
    private readonly users: Pick<UserRepository, 'findById'>,
    private readonly delivery: NoticeDelivery,
    private readonly jobs: JobQueue,
  ) {}

  async execute(job: GroupEventJob): Promise<NoticeOutcome | null> {
    const group = await this.groups.findById(job.event.groupId as StudyGroupId);
    if (!group) return null;
    const to = stillConcerned(job, group);
    const studentName = job.event.kind === 'join-request' ? (await this.users.findById(job.event.studentId))?.username : undefined;
    const notice = eventNotice(job.event, { groupName: group.name, ownerName: group.owner.username, studentName });
    const outcome = await this.delivery.deliver(to, notice, job.key);
    // Students in quiet hours: the same event (same key, so nothing twice) for them when the hours end.
    for (const [at, students] of outcome.deferred) {
      await this.jobs.send(GROUP_EVENTS_QUEUE, { ...job, to: students }, { key: `${job.key}:after:${at}`, startAfter: new Date(at) });
    }
    if (outcome.failed > 0) throw new DevicesUnreachableError(outcome.failed);
    return outcome;
  }
}

/** What the meeting use cases tell after their write (the members' notifications; reminders plan from it too). */
export interface MeetingNews {
  /** A meeting of `group` was scheduled, changed or cancelled (`date`: one date of a series) by `actorId`. */
  changed(group: StudyGroup, actorId: UserId, change: MeetingChange, meeting: Meeting, date?: string): Promise<void>;
}

/** A meeting's news to every member but the one who made it. */
export class MeetingNotices implements MeetingNews {
  constructor(private readonly events: Pick<GroupEvents, 'tell'>) {}

  async changed(group: StudyGroup, actorId: UserId, change: MeetingChange, meeting: Meeting, date?: string): Promise<void> {
    const { kind, title, day, time, location, startDate } = meeting;
    const to = group.members.map((member) => member.id).filter((id) => id !== actorId);
    await this.events.tell(
      { kind: 'meeting', groupId: group.id, change, meeting: { kind, title, day, time, location, startDate }, ...(date ? { date } : {}) },
      to,
    );
  }
}
