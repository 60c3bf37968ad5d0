// The one way a use case changes a student's standing with a group: the
// adapter plans it under its locks (planStandingChange) and writes it; a
// student it adds to the group is announced like any joiner, so chat access
// caches learn the new member at once, and the change (a request, an invite,
// an answer) reaches the group's open pages, and the student or owner it
// concerns is notified (a request, its answer, an invite).
import type { UserId } from '@domain/ids';
import { standingEvent } from '@domain/notifications/student-event';
import type { StandingChange, StandingOutcome } from '@domain/study-group/join-requests';
import { StudyGroupNotFoundError } from '@domain/study-group/study-group-errors';
import type { Clock } from '@application/ports/clock';
import type { GroupInvitations } from '@application/ports/group-invitations';
import type { MembershipChanges } from '@application/ports/membership-changes';
import type { ChangedGroup, GroupChanges } from '@application/ports/group-changes';
import type { GroupEvents } from '@application/notifications/group-events';

/** The group as loaded: its owner is told of requests. */
interface OwnedGroup extends ChangedGroup {
  owner: { id: UserId };
}

export class StandingChanges {
  constructor(
    private readonly invitations: GroupInvitations,
    private readonly changes: MembershipChanges,
    private readonly groupChanges: GroupChanges,
    private readonly now: Clock = () => Date.now(),
    private readonly events?: Pick<GroupEvents, 'tell'>,
  ) {}

  async apply(group: OwnedGroup, studentId: UserId, change: StandingChange): Promise<StandingOutcome> {
    // The owner may have left alone (deleting the group) since it was read.
    const outcome = await this.invitations.changeStanding(group.id, studentId, change, new Date(this.now()));
    if (!outcome) throw new StudyGroupNotFoundError(group.id);
    if (outcome.write === 'join') await this.changes.joined(studentId, { kind: 'group', id: group.id });
    await this.groupChanges.changed(group);
    const told = standingEvent(change, outcome.write, { id: group.id, ownerId: group.owner.id }, studentId);
    if (told) await this.events?.tell(told.event, told.to);
    return outcome;
  }
}
