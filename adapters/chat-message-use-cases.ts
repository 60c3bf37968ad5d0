// The use cases of posting and of what students do to one message (reactions,
// pins) and the shelves above a chat, registered with the rest by
// use-cases.ts, which hands over the shared policies they use.
import type { EmailVerificationPolicy } from '@application/accounts/email-verification';
import { PostChatMessage, type PostingAllowance } from '@application/chat/post-chat-message';
import { ReactToChatMessage } from '@application/chat/react-to-chat-message';
import { ReadMostUseful } from '@application/chat/read-most-useful';
import { TOKENS, type Token } from '@application/ports/tokens';
import { NOTIFICATION_JOBS } from './notification-jobs';
import type { Resolve } from './register';

const { ChatLog, ChatRoomAccess, ChatSignals, MessageAuthors, Telemetry, UserRepository } = TOKENS;

interface SharedPolicies {
  postingAllowance: Token<PostingAllowance>;
  verification: Token<EmailVerificationPolicy>;
}

export function chatMessageUseCases({ postingAllowance, verification }: SharedPolicies) {
  return {
    postChatMessage: (r: Resolve) =>
      new PostChatMessage(
        r(ChatRoomAccess),
        r(ChatLog),
        r(UserRepository),
        r(postingAllowance),
        r(ChatSignals),
        r(verification),
        r(MessageAuthors),
        r(Telemetry),
        r(NOTIFICATION_JOBS.RoomNotices),
      ),
    reactToChatMessage: (r: Resolve) =>
      new ReactToChatMessage(r(ChatRoomAccess), r(ChatLog), r(postingAllowance), r(ChatSignals), r(verification), r(MessageAuthors)),
    readMostUseful: (r: Resolve) => new ReadMostUseful(r(ChatRoomAccess), r(ChatLog), r(MessageAuthors)),
  };
}
