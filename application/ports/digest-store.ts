// Where mail digest entries wait for their digest (docs/decisions/0122-mail-digests.md):
// per student, each entry once by its key, and when their last digest went.
// A digest being sent claims its entries first, so a retry after a failure or
// a dead process sends exactly the same entries again, and a second run at
// the same time (two servers) does not send them too.
import type { UserId } from '@domain/ids';
import type { DigestEntry } from './mail-digest-inbox';

/** How long a claim keeps other runs off a digest being sent (a mail takes seconds; a dead process's claim passes). */
export const DIGEST_CLAIM_MS = 5 * 60_000;

export interface DigestStore {
  /** Keeps the entry; a key the student already has (waiting, or settled this past week) is kept once. */
  add(userId: UserId, entry: DigestEntry): Promise<void>;
  /**
   * The entries of the student's next digest, oldest first, claimed at `now`:
   * those a digest claimed and did not settle (a send that failed or died),
   * else up to `limit` of the waiting ones; 'busy' while another run's claim
   * (younger than DIGEST_CLAIM_MS) holds them.
   */
  claim(userId: UserId, limit: number, now: Date): Promise<DigestEntry[] | 'busy'>;
  /** The claim ends without settling (the send failed): the next run takes the same entries at once. */
  release(userId: UserId): Promise<void>;
  /** Whether entries wait unclaimed (the cap left some for the next digest, or they came during the send). */
  hasWaiting(userId: UserId): Promise<boolean>;
  /** The entries are settled without a mail (unwanted now, or the address unverified); `keys` omitted: all of the student's. */
  drop(userId: UserId, at: Date, keys?: readonly string[]): Promise<void>;
  /** The entries went in a digest at `at`: settled, and `at` is the student's last digest. */
  sent(userId: UserId, keys: readonly string[], at: Date): Promise<void>;
  lastSentAt(userId: UserId): Promise<Date | null>;
}
