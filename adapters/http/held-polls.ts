// The long polls this process holds, per session, and their cap. A session
// that asks for one more than MAX_HELD_POLLS_PER_SESSION gets it, and its
// oldest held poll is answered at once, as its deadline would answer it (the
// chat poll `[]`, the unread summary as it stands), so a client just polls
// again. Every long poll goes through here: the chat poll with `wait`, on the
// fast path and through Koa, and the unread summary's wait.
import type { ServerResponse } from 'node:http';
import { clientGone } from './client-gone';

/**
 * Long polls one session may hold at once, in one app process. A tab holds
 * one (its open chat's poll, or else the unread summary's, also in the
 * background), so this is sixteen tabs of Study Swamp in one browser; over
 * HTTP/1.1 a browser holds at most six requests to a host anyway. Met by a
 * real browser it would make the tabs' polls replace each other in turn, so
 * it sits well above any; a script opening hundreds meets it at once.
 */
export const MAX_HELD_POLLS_PER_SESSION = 16;

export class HeldPolls {
  // Per session, its polls in the order they were taken: the first is the oldest.
  private readonly bySession = new Map<string, Set<AbortController>>();
  private held = 0;

  constructor(
    private readonly cap = MAX_HELD_POLLS_PER_SESSION,
    /** Told each time a poll is answered early to make room for a newer one. */
    private readonly onReplaced?: () => void,
  ) {}

  /**
   * Runs a long poll of the session's: `wait` gets the signal that ends it,
   * which fires when the client goes or when the session's newer polls push
   * this one out (the wait then answers as at its deadline). The poll counts
   * until `wait` settles, however it ends.
   */
  async hold<T>(sessionId: string, res: ServerResponse, wait: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const release = this.take(sessionId, (controller) => clientGone(res, controller));
    try {
      return await wait(release.signal);
    } finally {
      release.done();
    }
  }

  /** Polls held now, of every session. */
  get size(): number {
    return this.held;
  }

  /** Sessions holding at least one poll now. */
  get sessions(): number {
    return this.bySession.size;
  }

  private take(sessionId: string, watchClient: (controller: AbortController) => void): { signal: AbortSignal; done(): void } {
    let polls = this.bySession.get(sessionId);
    if (!polls) this.bySession.set(sessionId, (polls = new Set()));
    for (const oldest of polls) {
      if (polls.size < this.cap) break;
      polls.delete(oldest);
      this.held -= 1;
      oldest.abort();
      this.onReplaced?.();
    }
    const controller = new AbortController();
    polls.add(controller);
    this.held += 1;
    watchClient(controller);
    const session = polls;
    return {
      signal: controller.signal,
      done: () => {
        if (!session.delete(controller)) return;
        this.held -= 1;
        if (session.size === 0 && this.bySession.get(sessionId) === session) this.bySession.delete(sessionId);
      },
    };
  }
}
