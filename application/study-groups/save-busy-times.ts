import { ValidationError } from '@domain/errors';
import type { UserId } from '@domain/ids';
import { checkBusyGrid, minutesOfClock, type BusyGrid } from '@domain/study-group/busy-grid';
import type { MemberSchedules } from '@application/ports/member-schedules';

export interface SaveBusyTimesCommand {
  /** The signed-in student, from the session. */
  actingUserId: UserId;
  /** Weekly stretches: day 0 (Sunday) .. 6, times "HH:MM" on 5-minute marks. */
  busy: { day: number; start: string; end: string }[];
  /** "HH:MM"; both left out: the default hours (8 AM-10 PM). */
  preferredStart?: string;
  preferredEnd?: string;
}

function minutes(text: string, field: string): number {
  const value = minutesOfClock(text);
  if (value === null) throw new ValidationError('Times are written HH:MM (24-hour).', field);
  return value;
}

/** Replaces the signed-in student's busy grid and preferred hours, once every rule holds (else VALIDATION_FAILED). */
export class SaveBusyTimes {
  constructor(private readonly schedules: MemberSchedules) {}

  async execute(command: SaveBusyTimesCommand): Promise<BusyGrid> {
    const busy = command.busy.map((b, index) => ({
      day: b.day,
      start: minutes(b.start, `busy.${index}`),
      end: minutes(b.end, `busy.${index}`),
    }));
    const { preferredStart, preferredEnd } = command;
    if ((preferredStart === undefined) !== (preferredEnd === undefined))
      throw new ValidationError('Give both ends of your preferred hours, or neither.', 'preferredStart');
    const preferred =
      preferredStart !== undefined && preferredEnd !== undefined
        ? { start: minutes(preferredStart, 'preferredStart'), end: minutes(preferredEnd, 'preferredEnd') }
        : null;
    const grid = checkBusyGrid({ busy, preferred });
    await this.schedules.saveBusyTimes(command.actingUserId, grid);
    return grid;
  }
}
