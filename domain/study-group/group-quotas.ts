// How much of the shared service one student's study groups may take: numbers
// no real student meets and an abuser meets at once (docs/limits.md). Each
// rule decides from counts that a repository reads where no other write of
// the same kind can interleave (the Knex adapter: under row locks, in the
// transaction that then writes), so a burst of parallel calls cannot pass one.
import { RateLimitedError, ValidationError } from '@domain/errors';
import { GroupFullError, TooManyGroupsError, TooManyMeetingsError, TooManyOwnedGroupsError } from './study-group-errors';

export const GROUP_QUOTAS = {
  /** New groups one student may start in one course in any 24 hours. */
  createdPerCoursePerDay: 5,
  /** Groups one student may own at once, in every course together (a hand-over may add to it). */
  owned: 30,
  /** Groups one student may be in at once, owned ones included, in every course together. */
  joined: 50,
  /** Weekly meetings of one group. */
  meetings: 20,
  /** Members of one group, the owner included: the default and the highest size limit an owner may set. */
  members: 50,
  /** The lowest size limit an owner may set: the owner and one more. */
  minSizeLimit: 2,
} as const;

export const CREATION_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The owner's size limit (null: none set), within today's cap. */
export function effectiveMaxMembers(sizeLimit: number | null): number {
  return Math.min(sizeLimit ?? GROUP_QUOTAS.members, GROUP_QUOTAS.members);
}

export interface CreatorState {
  /** When the student started groups in this course lately (older ones may be included: they are ignored). */
  recentCreations: Date[];
  /** Groups the student owns now. */
  owned: number;
  /** Groups the student is in now, owned ones included. */
  joined: number;
}

/** Throws when the student may not start another group now: the lasting limits first, since waiting does not help there. */
export function admitGroupCreation(state: CreatorState, now: Date): void {
  if (state.owned >= GROUP_QUOTAS.owned) throw new TooManyOwnedGroupsError(GROUP_QUOTAS.owned);
  if (state.joined >= GROUP_QUOTAS.joined) throw new TooManyGroupsError(GROUP_QUOTAS.joined);
  const windowStart = now.getTime() - CREATION_WINDOW_MS;
  const recent = state.recentCreations.map((at) => at.getTime()).filter((at) => at > windowStart);
  if (recent.length >= GROUP_QUOTAS.createdPerCoursePerDay) {
    // Free again when the oldest creation in the window leaves it.
    const freeAt = Math.min(...recent) + CREATION_WINDOW_MS;
    throw RateLimitedError.retryIn(
      `You can start at most ${GROUP_QUOTAS.createdPerCoursePerDay} study groups in a course a day`,
      freeAt - now.getTime(),
    );
  }
}

export interface JoinState {
  /** The group's members now, the owner included. */
  memberCount: number;
  maxMembers: number;
  /** Groups the joining student is in now. */
  joined: number;
}

export function admitGroupMember(state: JoinState): void {
  if (state.memberCount >= state.maxMembers) throw new GroupFullError(state.maxMembers);
  if (state.joined >= GROUP_QUOTAS.joined) throw new TooManyGroupsError(GROUP_QUOTAS.joined);
}

export function admitMeeting(meetingCount: number): void {
  if (meetingCount >= GROUP_QUOTAS.meetings) throw new TooManyMeetingsError(GROUP_QUOTAS.meetings);
}

const SIZE_LIMIT_MESSAGE = `Choose a size limit from ${GROUP_QUOTAS.minSizeLimit} to ${GROUP_QUOTAS.members} members.`;

/** The form's check of an owner's size limit: a whole number within 2..the cap; null when fine. */
export function checkSizeLimit(value: number): { field: 'maxMembers'; message: string } | null {
  const fits = Number.isInteger(value) && value >= GROUP_QUOTAS.minSizeLimit && value <= GROUP_QUOTAS.members;
  return fits ? null : { field: 'maxMembers', message: SIZE_LIMIT_MESSAGE };
}

/** Throws when the limit is out of range, or below the members the group already has (nobody is removed by a limit). */
export function admitSizeLimit(value: number, memberCount: number): void {
  const failure = checkSizeLimit(value);
  if (failure) throw new ValidationError(failure.message, failure.field);
  if (value < memberCount) {
    throw new ValidationError(
      `This group already has ${memberCount} members: choose a size limit of at least ${memberCount}.`,
      'maxMembers',
    );
  }
}
