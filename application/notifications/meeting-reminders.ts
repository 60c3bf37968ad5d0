// A reminder before a meeting a student said they are going to (issue 26;
// docs/decisions/0121-meeting-reminders.md): an hour before each occurrence,
// on the campus clock. One keyed job per occurrence (`meeting-reminders`),
// planned when the meeting is scheduled or changed and when a member answers
// Going, is due at the reminder's minute; each run plans the next occurrence
// of a weekly series, so a series keeps one job ahead. The job names the
// meeting's time: a meeting moved since has planned its own job, and the old
// one tells nobody. Who is told is read when the job runs (who is going then).
import { StudyGroupId, type MeetingId, type UserId } from '@domain/ids';
import { nextReminder, occurrenceStart, REMINDER_MINUTES_BEFORE } from '@domain/notifications/meeting-reminder';
import { eventNotice, type MeetingChange } from '@domain/notifications/student-event';
import { goingOn } from '@domain/study-group/meeting-answers';
import { isOccurrenceDate } from '@domain/study-group/meeting-plan';
import type { Meeting, StudyGroup } from '@domain/study-group/study-group';
import type { Clock } from '@application/ports/clock';
import type { JobQueue } from '@application/ports/job-queue';
import type { StudyGroupRepository } from '@application/ports/study-group-repository';
import type { MeetingNews } from './group-events';
import { DevicesUnreachableError, type NoticeDelivery, type NoticeOutcome } from './notice-delivery';

export const MEETING_REMINDERS_QUEUE = 'meeting-reminders';

/** One occurrence's reminder: the job's data. */
export interface MeetingReminderJob {
  groupId: number;
  meetingId: number;
  /** The occurrence, YYYY-MM-DD. */
  date: string;
  /** The meeting's time when the job was planned, HH:MM:SS. */
  time: string;
  /** Only these students (a reminder held by their quiet hours); absent: everyone going. */
  to?: number[];
}

/** The occurrence's key: one job, and one push per device, however often it is planned or run. */
function reminderKey(job: Pick<MeetingReminderJob, 'meetingId' | 'date' | 'time'>): string {
  return `reminder:${job.meetingId}:${job.date}T${job.time}`;
}

/** Queues the reminder of the first occurrence whose reminder is due after `from`; nothing when none is left. */
async function queueNext(jobs: JobQueue, groupId: StudyGroupId, meeting: Meeting, from: Date): Promise<void> {
  const next = nextReminder(meeting, from);
  if (!next) return;
  const job: MeetingReminderJob = { groupId, meetingId: meeting.id, date: next.date, time: meeting.time };
  await jobs.send(MEETING_REMINDERS_QUEUE, job, { key: reminderKey(job), startAfter: next.at });
}

/** Plans a meeting's next reminder; what the meeting use cases hold. */
export class MeetingReminders {
  constructor(
    private readonly jobs: JobQueue,
    private readonly now: Clock,
    /** Told when the reminder could not be queued; the action stands (the next answer or change plans it again). */
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  async plan(group: Pick<StudyGroup, 'id'>, meeting: Meeting): Promise<void> {
    try {
      await queueNext(this.jobs, group.id, meeting, new Date(this.now()));
    } catch (error) {
      this.onError(error);
    }
  }
}

/** The members' news of a meeting, and its reminder planned when it is scheduled or changed. */
export function withReminders(news: MeetingNews, reminders: Pick<MeetingReminders, 'plan'>): MeetingNews {
  // A cancelled meeting is gone: its queued job finds no meeting and tells nobody.
  const plans: readonly MeetingChange[] = ['new', 'changed'];
  return {
    async changed(group, actorId, change, meeting, date) {
      await news.changed(group, actorId, change, meeting, date);
      if (plans.includes(change)) await reminders.plan(group, meeting);
    },
  };
}

/** Runs a `meeting-reminders` job (the worker's handler). */
export class RemindMeeting {
  constructor(
    private readonly groups: StudyGroupRepository,
    private readonly delivery: NoticeDelivery,
    private readonly jobs: JobQueue,
    private readonly now: Clock,
  ) {}

  async execute(job: MeetingReminderJob): Promise<NoticeOutcome | null> {
    const group = await this.groups.findById(StudyGroupId(job.groupId));
    const meeting = group?.meetings.find((m) => m.id === (job.meetingId as MeetingId));
    // Gone, or moved to another time (the change planned the new time's job).
    if (!group || !meeting || meeting.time !== job.time || !isOccurrenceDate(meeting, job.date)) return null;
    const start = occurrenceStart(meeting, job.date);
    const outcome = await this.remind(group, meeting, job, start);
    // The series' next reminder; keyed, so a retried or held run plans it once.
    await queueNext(this.jobs, group.id, meeting, start);
    if (outcome && outcome.failed > 0) throw new DevicesUnreachableError(outcome.failed);
    return outcome;
  }

  private async remind(group: StudyGroup, meeting: Meeting, job: MeetingReminderJob, start: Date): Promise<NoticeOutcome | null> {
    // A cancelled date tells nobody; a run late past the start (workers down) would say "starts in 1 hour" wrongly.
    if (meeting.cancelledDates.includes(job.date) || this.now() >= start.getTime()) return null;
    const answers = await this.groups.meetingAnswers([group.id], job.date);
    const only = job.to && new Set(job.to);
    const to = goingOn(
      meeting.id,
      answers,
      group.members.map((member) => member.id),
      job.date,
    ).filter((id: UserId) => !only || only.has(id));
    const { kind, title, day, time, location, startDate } = meeting;
    const notice = eventNotice(
      {
        kind: 'meeting-reminder',
        groupId: group.id,
        meeting: { kind, title, day, time, location, startDate },
        date: job.date,
        minutesBefore: REMINDER_MINUTES_BEFORE,
      },
      { groupName: group.name, ownerName: group.owner.username },
    );
    const key = reminderKey(job);
    const outcome = await this.delivery.deliver(to, notice, key);
    // Held by quiet hours: again when they end, if that is before the meeting starts (after, it is no reminder).
    for (const [at, students] of outcome.deferred) {
      if (at >= start.getTime()) continue;
      await this.jobs.send(MEETING_REMINDERS_QUEUE, { ...job, to: students }, { key: `${key}:after:${at}`, startAfter: new Date(at) });
    }
    return outcome;
  }
}
