// What every JobQueue adapter promises (application/ports/job-queue.ts),
// shown with queues of a fresh store per test: a job runs once, a key queues
// once (also in a burst of parallel sends), a failed job runs again, a job
// waits for its start, a job outlives the process that sent it, and one whose
// process died mid-run runs again elsewhere.
import { expect, it } from 'vitest';
import type { JobQueue, QueuedJob } from '@application/ports/job-queue';

export interface JobQueueProcess extends JobQueue {
  /** Stops this process's work; a job still running after `timeoutMs` is left as a dead process leaves it. */
  stop(timeoutMs?: number): Promise<void>;
}

export interface JobQueueWorld {
  /** A process using the test's store (several share it, as app servers share a database). */
  process(): JobQueueProcess;
}

interface Note {
  text: string;
}

/** Resolves with the jobs the handler was given once `count` have come (and keeps counting after). */
function collector(count: number) {
  const seen: { job: QueuedJob<Note>; at: number }[] = [];
  let done: () => void = () => {};
  const enough = new Promise<void>((resolve) => (done = resolve));
  return {
    seen,
    enough,
    handler: async (job: QueuedJob<Note>) => {
      seen.push({ job, at: Date.now() });
      if (seen.length >= count) done();
    },
  };
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function jobQueueContract(world: () => Promise<JobQueueWorld>): void {
  it('runs a job sent once, with its data', async () => {
    const w = await world();
    const queue = w.process();
    try {
      const runs = collector(1);
      await queue.work<Note>('notes', runs.handler);
      const id = await queue.send('notes', { text: 'hello' });
      expect(id).toEqual(expect.any(String));
      await runs.enough;
      await settle(1_500);
      expect(runs.seen.map((r) => r.job)).toEqual([{ id, data: { text: 'hello' } }]);
    } finally {
      await queue.stop();
    }
  });

  it('queues a key once, also when ten senders send it at the same moment', async () => {
    const w = await world();
    const [a, b] = [w.process(), w.process()];
    try {
      const ids = await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).send('digests', { text: 'digest' }, { key: 'student-7:2026-11-28T21' })),
      );
      expect(ids.filter((id) => id !== null)).toHaveLength(1);
      expect(await a.send('digests', { text: 'again' }, { key: 'student-7:2026-11-28T21' })).toBeNull();
      // Another key, or the same key in another queue, is another job.
      expect(await a.send('digests', { text: 'next hour' }, { key: 'student-7:2026-11-28T22' })).not.toBeNull();
      expect(await a.send('reminders', { text: 'digest' }, { key: 'student-7:2026-11-28T21' })).not.toBeNull();
      expect((await a.stats('digests')).queued).toBe(2);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it('runs a job that failed again, until it succeeds', async () => {
    const w = await world();
    const queue = w.process();
    try {
      let attempts = 0;
      let succeeded: () => void = () => {};
      const done = new Promise<void>((resolve) => (succeeded = resolve));
      await queue.work<Note>('flaky', async () => {
        attempts += 1;
        if (attempts < 3) throw new Error('the mail server is away');
        succeeded();
      });
      await queue.send('flaky', { text: 'try me' });
      await done;
      expect(attempts).toBe(3);
    } finally {
      await queue.stop();
    }
  });

  it('runs jobs due together side by side, and retries a failed one alone', async () => {
    const w = await world();
    const queue = w.process();
    try {
      // Each handler waits until all three are running: one job at a time would never get there.
      let running = 0;
      let mostAtOnce = 0;
      let allIn: () => void = () => {};
      const together = new Promise<void>((resolve) => (allIn = resolve));
      const runs = new Map<string, number>();
      let finished: () => void = () => {};
      const done = new Promise<void>((resolve) => (finished = resolve));
      // All three are due before the worker first looks: one fetch takes them.
      for (const text of ['a', 'b', 'c']) await queue.send('batch', { text });
      await queue.work<Note>('batch', async ({ data }) => {
        runs.set(data.text, (runs.get(data.text) ?? 0) + 1);
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        if (running === 3) allIn();
        await Promise.race([together, settle(8_000)]);
        running -= 1;
        if (data.text === 'b' && runs.get('b') === 1) throw new Error('device away');
        if ([...runs.values()].reduce((a, b) => a + b, 0) === 4) finished();
      });
      await done;
      await settle(1_500);
      expect(mostAtOnce).toBe(3);
      expect(Object.fromEntries(runs)).toEqual({ a: 1, b: 2, c: 1 });
    } finally {
      await queue.stop();
    }
  });

  it('does not run a job before its start, and counts what waits and what is due', async () => {
    const w = await world();
    const queue = w.process();
    try {
      const startAfter = new Date(Date.now() + 2_500);
      await queue.send('reminders', { text: 'meeting in an hour' }, { startAfter });
      await queue.send('reminders', { text: 'due now' });
      await settle(300);
      // Scheduled jobs are queued but not due: only a due job waiting for a worker is late.
      const stats = await queue.stats('reminders');
      expect(stats).toMatchObject({ queued: 2, due: 1 });
      expect(stats.oldestDueAgeMs).toBeGreaterThanOrEqual(250);
      const runs = collector(2);
      await queue.work<Note>('reminders', runs.handler);
      await runs.enough;
      expect(runs.seen.map((run) => run.job.data.text)).toEqual(['due now', 'meeting in an hour']);
      expect(runs.seen[1].at).toBeGreaterThanOrEqual(startAfter.getTime());
      await settle(500);
      expect(await queue.stats('reminders')).toEqual({ queued: 0, due: 0, oldestDueAgeMs: null });
    } finally {
      await queue.stop();
    }
  });

  it('keeps a job when the process that sent it stops, for the next one to run', async () => {
    const w = await world();
    const sender = w.process();
    await sender.send('notes', { text: 'sent before a restart' });
    await sender.stop();
    const next = w.process();
    try {
      const runs = collector(1);
      await next.work<Note>('notes', runs.handler);
      await runs.enough;
      expect(runs.seen[0].job.data).toEqual({ text: 'sent before a restart' });
    } finally {
      await next.stop();
    }
  });

  it('runs again elsewhere a job whose process died while running it', async () => {
    const w = await world();
    const dying = w.process();
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => (started = resolve));
    await dying.work<Note>('sends', async () => {
      started();
      await new Promise(() => {}); // never finishes: the process dies first
    });
    const id = await dying.send('sends', { text: 'half sent' });
    await running;
    await dying.stop(100);

    const survivor = w.process();
    try {
      const runs = collector(1);
      await survivor.work<Note>('sends', runs.handler);
      await runs.enough;
      expect(runs.seen[0].job).toEqual({ id, data: { text: 'half sent' } });
    } finally {
      await survivor.stop();
    }
  });
}
