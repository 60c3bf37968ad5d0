// What deleting an account does, for Delete my account and for a sign-up that
// claims the address of an account never verified: the student leaves every
// group (owned groups hand over as on leaving: the repository applies the
// study-group leave rule) and every course, the account becomes a
// tombstone (its messages stay, their author shown as "Former member"), its
// links and its calendar subscription address stop working, its devices get
// no more notifications, and every session of it ends.
import type { AccountTokens } from '@application/ports/account-tokens';
import type { CalendarFeeds } from '@application/ports/calendar-feeds';
import type { CourseMembership } from '@application/ports/course-membership';
import type { MessageAuthors } from '@application/ports/message-authors';
import type { PushSubscriptions } from '@application/ports/push-subscriptions';
import type { MembershipChanges } from '@application/ports/membership-changes';
import type { SessionStore } from '@application/ports/session-store';
import type { StudyGroupRepository } from '@application/ports/study-group-repository';
import type { UserRepository } from '@application/ports/user-repository';
import type { GroupChanges } from '@application/ports/group-changes';
import type { UserId } from '@domain/ids';

export class AccountRemoval {
  constructor(
    private readonly users: UserRepository,
    private readonly membership: CourseMembership,
    private readonly groups: StudyGroupRepository,
    private readonly changes: MembershipChanges,
    private readonly sessions: SessionStore,
    private readonly tokens: AccountTokens,
    private readonly authors: MessageAuthors,
    private readonly groupChanges: GroupChanges,
    private readonly calendarFeeds: CalendarFeeds,
    private readonly pushDevices: PushSubscriptions,
  ) {}

  async remove(userId: UserId): Promise<void> {
    // Leaving the groups first: a failure part-way leaves a live account with fewer
    // memberships (deleting again finishes the job), never a tombstone in a group.
    for (const group of await this.groups.listByMember(userId)) {
      const outcome = await this.groups.removeMember(group.id, userId);
      if (!outcome?.wasMember) continue;
      await this.changes.left(userId, { kind: 'group', id: group.id });
      await this.groupChanges.changed(group);
    }
    for (const { course } of await this.membership.coursesOf(userId)) {
      await this.membership.leaveCourse(userId, course.id);
      await this.changes.left(userId, { kind: 'course', id: course.id });
    }
    await this.users.markDeleted(userId);
    this.authors.deleted(userId);
    await this.tokens.revoke(userId, 'verify-email');
    await this.tokens.revoke(userId, 'reset-password');
    await this.calendarFeeds.revoke(userId);
    await this.pushDevices.removeAllOf(userId);
    await this.sessions.destroyAllOf(userId);
  }
}
