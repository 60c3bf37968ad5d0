// `npm run worker`: the notification jobs (room batches now; the job queue is
// pg-boss on Postgres) in a process of their own, for deployments that run
// the app servers with NOTIFICATION_WORKER=false. Needs the same DATABASE_URL,
// REDIS_URL (or REDIS_CLUSTER_NODES), REDIS_KEY_PREFIX, SESSION_SECRET and
// VAPID_* as the app servers; METRICS_PORT serves its Prometheus metrics.
// Several workers may run: each job runs on one of them. A stop lets the jobs
// in hand finish.
// First: it loads the container, whose reflect-metadata tsyringe needs before anything imports it.
import { runBackgroundProcess } from './background-process';
import { NOTIFICATION_JOBS, NOTIFICATION_QUEUES, startNotificationWork } from '@adapters/notification-jobs';

runBackgroundProcess({
  name: 'notification worker',
  needs:
    'The worker runs beside app servers on Postgres + Redis: set DATABASE_URL and REDIS_URL (or REDIS_CLUSTER_NODES). The embedded default runs its jobs in the app.',
  watch(metrics, resolve) {
    const jobs = resolve(NOTIFICATION_JOBS.JobQueue);
    metrics.watchJobs(NOTIFICATION_QUEUES, (queue) => jobs.stats(queue));
  },
  async start(resolve, config, logger) {
    return { stop: await startNotificationWork(resolve, config, logger, true), details: { queues: NOTIFICATION_QUEUES } };
  },
});
