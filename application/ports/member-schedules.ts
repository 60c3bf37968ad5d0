// What keeps a study group's members busy each week, for Find a time: their
// class meetings (the sections they are in, of the group's course's term),
// their other groups' weekly meetings and the busy grid each keeps on their
// profile. The port answers what is busy, never shown to other members as
// why: the use case turns it into busy intervals.
import type { MeetTime } from '@domain/course/course';
import type { StudyGroupId, UserId } from '@domain/ids';
import type { BusyGrid } from '@domain/study-group/busy-grid';
import type { Weekday } from '@domain/study-group/meeting-rules';

export interface MemberScheduleRecord extends BusyGrid {
  userId: UserId;
  /** The class meetings of their sections in the group's course's term (any order). */
  classMeetings: Pick<MeetTime, 'days' | 'begin' | 'end'>[];
  /**
   * The weekly meetings of the groups they are in other than this one
   * ("HH:MM:SS", for their length): series that have not ended by `today`;
   * single dated meetings are left out (a weekly slot is not busy every week for them).
   */
  otherMeetings: { day: Weekday; time: string; lengthMinutes: number }[];
}

export interface MemberSchedules {
  /** One record for each member of the group (none for an unknown group), read for the whole group at once; `today`: YYYY-MM-DD campus date. */
  schedulesOf(groupId: StudyGroupId, today: string): Promise<MemberScheduleRecord[]>;
  /** The student's own grid (no stretches and no preferred hours when never saved). */
  busyTimesOf(userId: UserId): Promise<BusyGrid>;
  /** Replaces the student's grid with this one (checked by checkBusyGrid). */
  saveBusyTimes(userId: UserId, grid: BusyGrid): Promise<void>;
}
