// GroupChanges over the chat's signals: an open group page long-polls its
// group's chat, and a course page its course's, so the same waiting requests
// carry the news (the topics are in chat-signals.ts; RedisChatSignals tells
// every app server).
import { courseGroupsTopic, groupPageTopic, type ChatSignals } from '@application/ports/chat-signals';
import type { ChangedGroup, GroupChanges } from '@application/ports/group-changes';

export class SignalledGroupChanges implements GroupChanges {
  constructor(private readonly signals: ChatSignals) {}

  async changed(group: ChangedGroup): Promise<void> {
    await Promise.all([this.signals.announce(groupPageTopic(group.id)), this.signals.announce(courseGroupsTopic(group.courseId))]);
  }
}
