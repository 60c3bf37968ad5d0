// The long-poll half of `npm run bench:chat`: a fleet of waiting students,
// each its own session and its own keep-alive connection, long-polling its
// course chat in a loop, and a poster writing to the rooms at a fixed rate.
// Measures delivery latency (the post's 201 to each waiter's answer carrying
// it), requests per student per minute, errors, and the app process's CPU
// and resident memory from /proc.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

export interface Waiter {
  userId: number;
  courseId: number;
  cookie: string;
}

export interface FleetStats {
  students: number;
  seconds: number;
  requests: number;
  /** Non-200 answers and failed connections. */
  errors: number;
  errorKinds: Map<string, number>;
  /** Delivery latencies in ms, one per (message, waiter). */
  latencies: number[];
  /** Of those, the ones whose waiter was not waiting when the post's 201 arrived (in a back-off after an error, or between polls). */
  notWaiting: number;
  /** Errors by second of the window. */
  errorSeconds: Map<number, number>;
  /** Messages posted in the window. */
  posted: number;
  cpuPercent: number;
  rssMb: number;
  /** The load generator's own event-loop delay, p99 ms: when high, it (not the app) limited the figures. */
  loadLagMs: number;
}

/** CPU seconds the process has used so far (user + system), from /proc. */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime are the 12th and 13th fields after the command name, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Math.round(Number(match[1]) / 1024) : NaN;
}

export class LongPollFleet {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: 100_000 });
  private running = false;
  private readonly loops: Promise<void>[] = [];
  private readonly cursors = new Map<number, string>();
  // Counting window.
  private counting = false;
  private requests = 0;
  private errors = 0;
  private readonly errorKinds = new Map<string, number>();
  /** When each message's 201 arrived, by message id; answers arriving first wait in `early`. */
  private readonly postedAt = new Map<string, number>();
  private readonly early = new Map<string, number[]>();
  private latencies: number[] = [];
  private notWaiting = 0;
  private readonly errorSeconds = new Map<number, number>();
  /** When each waiter's request in flight was sent. */
  private readonly sentAt = new Map<number, number>();
  private posted = 0;
  private started = 0;
  private lag: IntervalHistogram | null = null;

  constructor(
    private readonly appUrl: string,
    private readonly waitSeconds: number,
  ) {}

  /**
   * Starts the waiters' loops, `perSecond` students arriving a second (as a
   * class opens its chats; a burst of 10,000 connects would also overflow the
   * listen backlog).
   */
  async start(waiters: Waiter[], startCursor: string, perSecond = 2_000): Promise<void> {
    this.running = true;
    const url = new URL(this.appUrl);
    const batch = Math.max(1, Math.round(perSecond / 10));
    for (let i = 0; i < waiters.length; i += batch) {
      for (const waiter of waiters.slice(i, i + batch)) {
        this.cursors.set(waiter.userId, startCursor);
        this.loops.push(this.loop(url, waiter));
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Stops the loops (their requests are cut) and closes every connection. */
  async stop(): Promise<void> {
    this.running = false;
    this.agent.destroy();
    await Promise.allSettled(this.loops);
    this.loops.length = 0;
  }

  beginWindow(): void {
    this.counting = true;
    this.requests = 0;
    this.errors = 0;
    this.errorKinds.clear();
    this.latencies = [];
    this.notWaiting = 0;
    this.errorSeconds.clear();
    this.posted = 0;
    this.started = performance.now();
    this.lag?.disable();
    this.lag = monitorEventLoopDelay({ resolution: 10 });
    this.lag.enable();
  }

  endWindow(students: number, appPid: number, cpuAtStart: number): FleetStats {
    this.counting = false;
    const seconds = (performance.now() - this.started) / 1000;
    return {
      students,
      seconds,
      requests: this.requests,
      errors: this.errors,
      errorKinds: new Map(this.errorKinds),
      latencies: this.latencies,
      notWaiting: this.notWaiting,
      errorSeconds: new Map(this.errorSeconds),
      posted: this.posted,
      cpuPercent: ((cpuSeconds(appPid) - cpuAtStart) / seconds) * 100,
      rssMb: rssMb(appPid),
      loadLagMs: this.lag ? this.lag.percentile(99) / 1e6 : NaN,
    };
  }

  /** Records a post's 201 (and the latency of any answer that beat it here). */
  posted201(messageId: string): void {
    const at = performance.now();
    this.postedAt.set(messageId, at);
    if (this.counting) this.posted += 1;
    for (const answeredAt of this.early.get(messageId) ?? []) this.latencies.push(Math.max(0, answeredAt - at));
    this.early.delete(messageId);
  }

  // As the chat client does: after a failure wait 1, 2, 4 ... 30 s, with jitter, before polling again.
  private async backOff(failures: number): Promise<void> {
    const ms = Math.min(30_000, 1_000 * 2 ** (failures - 1)) * (0.5 + Math.random() / 2);
    await new Promise((resolve) => setTimeout(resolve, ms));
  }

  private loop(url: URL, waiter: Waiter): Promise<void> {
    return (async () => {
      let failures = 0;
      while (this.running) {
        const cursor = this.cursors.get(waiter.userId)!;
        const path = `/api/select-course-messages/${waiter.courseId}/${waiter.userId}/?after=${cursor}&wait=${this.waitSeconds}`;
        try {
          this.sentAt.set(waiter.userId, performance.now());
          const { status, body } = await this.get(url, path, waiter.cookie);
          if (!this.running) return;
          if (this.counting) this.requests += 1;
          if (status !== 200) {
            this.fail(`HTTP ${status}`);
            await this.backOff((failures += 1));
            continue;
          }
          failures = 0;
          const items = JSON.parse(body) as { id: string; event?: string }[];
          const at = performance.now();
          for (const item of items) this.delivered(item.id, at, this.sentAt.get(waiter.userId)!);
          if (items.length) this.cursors.set(waiter.userId, items.at(-1)!.event ?? items.at(-1)!.id);
        } catch (error) {
          if (!this.running) return;
          this.fail((error as NodeJS.ErrnoException).code ?? (error as Error).message);
          await this.backOff((failures += 1));
        }
      }
    })();
  }

  private delivered(messageId: string, at: number, sent: number): void {
    if (!this.counting) return;
    const posted = this.postedAt.get(messageId);
    if (posted !== undefined) {
      this.latencies.push(at - posted);
      if (sent > posted) this.notWaiting += 1;
    } else {
      const early = this.early.get(messageId) ?? [];
      early.push(at);
      this.early.set(messageId, early);
    }
  }

  private fail(kind: string): void {
    if (!this.counting) return;
    this.errors += 1;
    const second = Math.floor((performance.now() - this.started) / 1000);
    this.errorSeconds.set(second, (this.errorSeconds.get(second) ?? 0) + 1);
    this.errorKinds.set(kind, (this.errorKinds.get(kind) ?? 0) + 1);
  }

  private get(url: URL, path: string, cookie: string): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const req = http.get({ host: url.hostname, port: url.port, path, agent: this.agent, headers: { Cookie: cookie } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        res.on('error', reject);
      });
      req.on('error', reject);
    });
  }
}

/** Posts to the rooms in turn at `perSecond`, telling the fleet each 201; answers a function that stops it. */
export function startPoster(
  fleet: LongPollFleet,
  post: (courseId: number) => Promise<{ status: number; id?: string }>,
  courseIds: number[],
  perSecond: number,
  onError: (kind: string) => void,
): () => Promise<void> {
  let next = 0;
  const inFlight = new Set<Promise<void>>();
  const timer = setInterval(() => {
    const courseId = courseIds[next % courseIds.length];
    next += 1;
    const sending = post(courseId)
      .then(({ status, id }) => {
        if (status === 201 && id) fleet.posted201(id);
        else onError(`post HTTP ${status}`);
      })
      .catch((error: Error) => onError(`post ${error.message}`))
      .finally(() => inFlight.delete(sending));
    inFlight.add(sending);
  }, 1000 / perSecond);
  return async () => {
    clearInterval(timer);
    await Promise.allSettled([...inFlight]);
  };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
