import type { UserId } from '@domain/ids';
import type { BusyGrid } from '@domain/study-group/busy-grid';
import type { MemberSchedules } from '@application/ports/member-schedules';

/** The signed-in student's own weekly busy grid and preferred hours (Find a time). */
export class GetBusyTimes {
  constructor(private readonly schedules: MemberSchedules) {}

  async execute(command: { actingUserId: UserId }): Promise<BusyGrid> {
    return this.schedules.busyTimesOf(command.actingUserId);
  }
}
