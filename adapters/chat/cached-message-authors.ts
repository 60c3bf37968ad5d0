// Message authors' names, remembered in-process: a deleted account never
// comes back (ids are not reused), so that answer is kept for good; names are
// kept for a while (each entry somewhere in the last quarter of KEEP_MS).
// Reads of the same authors at the same moment (a room's waiters woken by one
// message) share one query. A deletion or a change of names made on this
// server is known here at once; another server learns it when its entry
// expires, so for up to KEEP_MS it may still show the old name there.
import type { Clock } from '@application/ports/clock';
import type { MessageAuthors } from '@application/ports/message-authors';
import type { AuthorRecord, UserRepository } from '@application/ports/user-repository';
import type { UserId } from '@domain/ids';

const KEEP_MS = 30_000;
const MAX_ENTRIES = 100_000;
const GONE: AuthorRecord = { deleted: true };

export class CachedMessageAuthors implements MessageAuthors {
  private readonly gone = new Set<UserId>();
  private readonly names = new Map<UserId, { author: AuthorRecord; until: number }>();
  private readonly asking = new Map<UserId, Promise<AuthorRecord | undefined>>();
  /** Bumped by every change of names: an answer asked for before one is used, not kept. */
  private renames = 0;

  constructor(
    private readonly users: Pick<UserRepository, 'authorsAmong'>,
    private readonly now: Clock = () => Date.now(),
    private readonly keepMs = KEEP_MS,
    private readonly random: () => number = Math.random,
  ) {}

  async among(userIds: readonly UserId[]): Promise<ReadonlyMap<UserId, AuthorRecord>> {
    const at = this.now();
    const result = new Map<UserId, AuthorRecord>();
    const unknown: UserId[] = [];
    for (const id of userIds) {
      const kept = this.names.get(id);
      if (this.gone.has(id)) result.set(id, GONE);
      else if (kept && kept.until > at) result.set(id, kept.author);
      else if (!this.asking.has(id)) unknown.push(id);
    }
    if (unknown.length > 0) this.ask(unknown);
    const pending = userIds.filter((id) => !result.has(id) && this.asking.has(id));
    const answers = await Promise.all(pending.map((id) => this.asking.get(id)!));
    pending.forEach((id, i) => {
      const author = answers[i];
      if (author) result.set(id, author);
    });
    return result;
  }

  deleted(userId: UserId): void {
    this.gone.add(userId);
    this.names.delete(userId);
  }

  renamed(userId: UserId): void {
    this.renames += 1;
    this.names.delete(userId);
  }

  private ask(ids: UserId[]): void {
    const query = this.users.authorsAmong(ids);
    const renames = this.renames;
    for (const id of ids) {
      const answer = query.then((authors) => {
        const author = authors.get(id);
        if (author?.deleted) this.deleted(id);
        else if (author && renames === this.renames) {
          if (this.names.size >= MAX_ENTRIES) this.names.clear();
          this.names.set(id, { author, until: this.now() + this.keepMs * (0.75 + 0.25 * this.random()) });
        }
        return author;
      });
      this.asking.set(id, answer);
      void answer.then(
        () => this.asking.delete(id),
        () => this.asking.delete(id),
      );
    }
  }
}
