import { LATEST_MESSAGES, type ChatMessage } from '@domain/chat/chat-message';
import type { StudyGroupId, UserId } from '@domain/ids';
import { groupAsSeenBy, type StudyGroupView } from '@domain/study-group/group-view';
import { withAuthors } from '@application/chat/message-authors';
import type { ChatLog } from '@application/ports/chat-log';
import type { MessageAuthors } from '@application/ports/message-authors';
import type { StudyGroupRepository } from '@application/ports/study-group-repository';
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
  ) {}

  async execute(command: { actingUserId: UserId; groupId: StudyGroupId }): Promise<StudyGroupPageView> {
    const group = await requireMemberGroup(this.groups, command.groupId, command.actingUserId);
    const messages = await withAuthors(this.authors, await this.chat.latest({ kind: 'group', id: group.id }, LATEST_MESSAGES));
    return { userId: command.actingUserId, group: groupAsSeenBy(group, command.actingUserId), messages };
  }
}
