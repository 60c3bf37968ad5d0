// Find a time: the best weekly slots for a group, for its members only. What
// keeps each member busy is read for the whole group at once; the answer says
// who is free or busy in each slot, never why.
import { ValidationError } from '@domain/errors';
import type { StudyGroupId, UserId } from '@domain/ids';
import { classBusyTimes, findTimes, meetingBusyTime, type MemberSchedule, type SlotProposal } from '@domain/study-group/find-a-time';
import { campusDate } from '@domain/study-group/meeting-plan';
import type { Clock } from '@application/ports/clock';
import type { MemberSchedules } from '@application/ports/member-schedules';
import type { StudyGroupRepository } from '@application/ports/study-group-repository';
import { requireMemberGroup } from './study-group-access';

/** Meeting lengths the group may ask for, in minutes. */
const MEETING_LENGTH = { min: 30, max: 180, step: 15, default: 60 } as const;

export interface MeetingTimes {
  groupId: StudyGroupId;
  length: number;
  proposals: SlotProposal<UserId>[];
  /** Members with no class times, no other meetings and no busy grid: free whenever, as far as anyone knows. */
  unknownSchedules: UserId[];
}

/** Refuses a length that is not 30-180 minutes in steps of 15 (VALIDATION_FAILED). */
function checkMeetingLength(length: number): number {
  const { min, max, step } = MEETING_LENGTH;
  if (!Number.isInteger(length) || length < min || length > max || length % step !== 0)
    throw new ValidationError(`The length must be ${min} to ${max} minutes, in steps of ${step}.`, 'length');
  return length;
}

export class FindMeetingTimes {
  constructor(
    private readonly groups: StudyGroupRepository,
    private readonly schedules: MemberSchedules,
    private readonly now: Clock = () => Date.now(),
  ) {}

  async execute(command: { actingUserId: UserId; groupId: StudyGroupId; length?: number }): Promise<MeetingTimes> {
    const length = checkMeetingLength(command.length ?? MEETING_LENGTH.default);
    const group = await requireMemberGroup(this.groups, command.groupId, command.actingUserId);
    const today = campusDate(new Date(this.now()));
    const records = new Map((await this.schedules.schedulesOf(group.id, today)).map((record) => [record.userId, record]));
    const members: MemberSchedule<UserId>[] = group.members.map(({ id }) => {
      const record = records.get(id);
      if (!record) return { id, busy: [] };
      const busy = [
        ...classBusyTimes(record.classMeetings),
        ...record.otherMeetings.map((m) => meetingBusyTime(m.day, m.time, m.lengthMinutes)),
        ...record.busy,
      ];
      return record.preferred ? { id, busy, preferred: record.preferred } : { id, busy };
    });
    return {
      groupId: group.id,
      length,
      proposals: findTimes(members, { length }),
      unknownSchedules: members.filter((m) => m.busy.length === 0).map((m) => m.id),
    };
  }
}
