// The in-process side of the chat signals, shared by both adapters: which
// waiting requests watch which topics, and waking them. The embedded mode
// wakes it directly; with Redis, each process's hub is woken by the one
// subscriber connection of that process.
import type { Watch, WatchOutcome } from '@application/ports/chat-signals';

export class SignalHub {
  private readonly byTopic = new Map<string, Set<HubWatch>>();
  private readonly open = new Set<HubWatch>();
  private closed = false;

  watch(topics: readonly string[]): Watch {
    const watch = new HubWatch(this, [...new Set(topics)]);
    if (this.closed) {
      watch.shut();
      return watch;
    }
    this.open.add(watch);
    for (const topic of watch.topics) {
      let watchers = this.byTopic.get(topic);
      if (!watchers) this.byTopic.set(topic, (watchers = new Set()));
      watchers.add(watch);
    }
    return watch;
  }

  wake(topic: string): void {
    const watchers = this.byTopic.get(topic);
    if (watchers) for (const watch of watchers) watch.signal(topic);
  }

  /** Wakes every watch: signals may have been lost, so every waiter reads again. */
  wakeAll(): void {
    for (const [topic, watchers] of this.byTopic) for (const watch of watchers) watch.signal(topic);
  }

  /** Watches open now, that is requests waiting or about to (tests and metrics read it). */
  get waiting(): number {
    return this.open.size;
  }

  /** Shutting down: every wait ends with 'closed' now, and every later one at once. */
  close(): void {
    this.closed = true;
    for (const watch of this.open) watch.shut();
  }

  /** Called by a watch's close(). */
  remove(watch: HubWatch): void {
    if (!this.open.delete(watch)) return;
    for (const topic of watch.topics) {
      const watchers = this.byTopic.get(topic);
      watchers?.delete(watch);
      if (watchers?.size === 0) this.byTopic.delete(topic);
    }
  }
}

class HubWatch implements Watch {
  // Signals not yet answered by next(), and those its last 'signal' answered.
  private readonly pending = new Set<string>();
  private readonly reported = new Set<string>();
  private settle: ((outcome: WatchOutcome) => void) | null = null;
  private shutDown = false;

  constructor(
    private readonly hub: SignalHub,
    readonly topics: readonly string[],
  ) {}

  next({ timeoutMs, signal }: { timeoutMs: number; signal?: AbortSignal }): Promise<WatchOutcome> {
    if (this.shutDown) return Promise.resolve('closed');
    if (this.pending.size > 0) return Promise.resolve(this.report());
    if (signal?.aborted) return Promise.resolve('aborted');
    if (timeoutMs <= 0) return Promise.resolve('timeout');
    return new Promise<WatchOutcome>((resolve) => {
      const onAbort = () => finish('aborted');
      const finish = (outcome: WatchOutcome) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        this.settle = null;
        resolve(outcome === 'signal' ? this.report() : outcome);
      };
      const timer = setTimeout(finish, timeoutMs, 'timeout');
      signal?.addEventListener('abort', onAbort, { once: true });
      this.settle = finish;
    });
  }

  takeSignalled(): string[] {
    const topics = [...this.reported];
    this.reported.clear();
    return topics;
  }

  /** A 'signal' answer consumes the signals pending: the next wait waits for new ones. */
  private report(): 'signal' {
    for (const topic of this.pending) this.reported.add(topic);
    this.pending.clear();
    return 'signal';
  }

  close(): void {
    this.shut();
    this.hub.remove(this);
  }

  signal(topic: string): void {
    this.pending.add(topic);
    this.settle?.('signal');
  }

  /** No more waiting: the one in progress, and any later one, answers 'closed'. */
  shut(): void {
    this.shutDown = true;
    this.settle?.('closed');
  }
}
