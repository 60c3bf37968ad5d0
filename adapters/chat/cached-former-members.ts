// Which message authors deleted their account, remembered in-process: a
// deleted account never comes back (ids are not reused), so that answer is
// kept for good; "still here" is kept for a while (each entry somewhere in
// the last quarter of ALIVE_MS). Reads of the same authors at the same moment
// (a room's waiters woken by one message) share one query. A deletion made on
// this server is known here at once; another server learns it when its entry
// expires, so for up to ALIVE_MS it may still show the old username there.
import type { Clock } from '@application/ports/clock';
import type { FormerMembers } from '@application/ports/former-members';
import type { UserRepository } from '@application/ports/user-repository';
import type { UserId } from '@domain/ids';

const ALIVE_MS = 30_000;
const MAX_ENTRIES = 100_000;

export class CachedFormerMembers implements FormerMembers {
  private readonly gone = new Set<UserId>();
  private readonly aliveUntil = new Map<UserId, number>();
  private readonly asking = new Map<UserId, Promise<boolean>>();

  constructor(
    private readonly users: Pick<UserRepository, 'deletedAmong'>,
    private readonly now: Clock = () => Date.now(),
    private readonly aliveMs = ALIVE_MS,
    private readonly random: () => number = Math.random,
  ) {}

  async among(userIds: readonly UserId[]): Promise<ReadonlySet<UserId>> {
    const at = this.now();
    const unknown = userIds.filter((id) => !this.gone.has(id) && !((this.aliveUntil.get(id) ?? 0) > at) && !this.asking.has(id));
    if (unknown.length > 0) this.ask(unknown);
    const pending = userIds.filter((id) => this.asking.has(id));
    const answers = await Promise.all(pending.map((id) => this.asking.get(id)!));
    const result = new Set(userIds.filter((id) => this.gone.has(id)));
    pending.forEach((id, i) => {
      if (answers[i]) result.add(id);
    });
    return result;
  }

  deleted(userId: UserId): void {
    this.gone.add(userId);
    this.aliveUntil.delete(userId);
  }

  private ask(ids: UserId[]): void {
    const query = this.users.deletedAmong(ids);
    for (const id of ids) {
      const answer = query.then((deleted) => {
        if (deleted.has(id)) this.deleted(id);
        else {
          if (this.aliveUntil.size >= MAX_ENTRIES) this.aliveUntil.clear();
          this.aliveUntil.set(id, this.now() + this.aliveMs * (0.75 + 0.25 * this.random()));
        }
        return deleted.has(id);
      });
      this.asking.set(id, answer);
      void answer.then(
        () => this.asking.delete(id),
        () => this.asking.delete(id),
      );
    }
  }
}
