import { LATEST_MESSAGES, type ChatMessage } from '@domain/chat/chat-message';
import type { StudyGroupId, UserId } from '@domain/ids';
import type { StudyGroupView } from '@domain/study-group/group-view';
import { withAuthors } from '@application/chat/message-authors';
import { withQuotes } from '@application/chat/reply-quotes';
import type { ChatLog } from '@application/ports/chat-log';
import type { Clock } from '@application/ports/clock';
import type { GroupInvitations } from '@application/ports/group-invitations';
import type { MessageAuthors } from '@application/ports/message-authors';
import type { StudyGroupRepository } from '@application/ports/study-group-repository';
import { viewGroup } from './group-standings';
import { requireMemberGroup } from './study-group-access';

export interface StudyGroupPageView {
  userId: UserId;
  group: StudyGroupView;
  /** The group chat's latest messages, oldest first. */
  messages: ChatMessage[];
}

/** A group with its members, meetings and latest chat, for its members only. */
export class GetStudyGroupPage {
  constructor(
    private readonly groups: StudyGroupRepository,
    private readonly chat: ChatLog,
    private readonly authors: MessageAuthors,
    private readonly invitations: GroupInvitations,
    private readonly now: Clock = () => Date.now(),
  ) {}

  async execute(command: { actingUserId: UserId; groupId: StudyGroupId }): Promise<StudyGroupPageView> {
    const group = await requireMemberGroup(this.groups, command.groupId, command.actingUserId);
    const [messages, view] = await Promise.all([
      this.chat
        .latest({ kind: 'group', id: group.id }, LATEST_MESSAGES)
        .then((latest) => withQuotes(this.chat, { kind: 'group', id: group.id }, latest))
        .then((latest) => withAuthors(this.authors, latest)),
      viewGroup(this.invitations, group, command.actingUserId, { groups: this.groups, now: new Date(this.now()) }),
    ]);
    return { userId: command.actingUserId, group: view, messages };
  }
}
