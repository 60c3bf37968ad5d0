// A mail digest inbox that records what it is given, for unit tests of what
// the notifications put in students' digests.
import type { DigestEntry, MailDigestInbox } from '@application/ports/mail-digest-inbox';
import type { UserId } from '@domain/ids';

export class RecordingDigestInbox implements MailDigestInbox {
  readonly added: { userId: UserId; entry: DigestEntry }[] = [];

  async add(userId: UserId, entry: DigestEntry): Promise<void> {
    this.added.push({ userId, entry });
  }
}
