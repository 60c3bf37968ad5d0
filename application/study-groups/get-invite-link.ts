import type { CatalogCourse } from '@domain/course/course';
import type { UserId } from '@domain/ids';
import { assertLinkWorks, InviteLinkInvalidError } from '@domain/study-group/invite-links';
import { isGroupMember, type StudyGroup } from '@domain/study-group/study-group';
import type { Clock } from '@application/ports/clock';
import type { CourseCatalog } from '@application/ports/course-catalog';
import type { CourseMembership } from '@application/ports/course-membership';
import type { GroupInvitations } from '@application/ports/group-invitations';
import type { StudyGroupRepository } from '@application/ports/study-group-repository';

export interface InviteLinkView {
  /** What an outsider may know of a group: its name, description, size and owner's name (StudyGroup's owner is read for the names only). */
  group: StudyGroup;
  course: CatalogCourse;
  /** Null for a visitor. */
  viewer: { isMember: boolean; isCourseMember: boolean } | null;
}

/** What an invite link opens, for visitors too; refused with LINK_INVALID (saying why) when it does not work. */
export class GetInviteLink {
  constructor(
    private readonly invitations: GroupInvitations,
    private readonly groups: StudyGroupRepository,
    private readonly catalog: CourseCatalog,
    private readonly membership: CourseMembership,
    private readonly now: Clock = () => Date.now(),
  ) {}

  async execute(command: { token: string; viewerId: UserId | null }): Promise<InviteLinkView> {
    const link = await this.invitations.findLink(command.token);
    assertLinkWorks(link, new Date(this.now()));
    const group = await this.groups.findById(link!.groupId);
    const found = group && (await this.catalog.findCourse(group.courseId));
    if (!group || !found) throw new InviteLinkInvalidError('unknown');
    const viewer =
      command.viewerId === null
        ? null
        : {
            isMember: isGroupMember(group, command.viewerId),
            isCourseMember: await this.membership.isMember(command.viewerId, group.courseId),
          };
    return { group, course: found.course, viewer };
  }
}
