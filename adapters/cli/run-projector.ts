// `npm run projector`: the chat archive projector as its own process, for
// deployments that run the app servers with CHAT_PROJECTOR=false. Needs the
// same DATABASE_URL, REDIS_URL (or REDIS_CLUSTER_NODES) and REDIS_KEY_PREFIX as the app servers;
// METRICS_PORT serves its Prometheus metrics.
import { INFRA } from '@adapters/container';
import { runBackgroundProcess } from './background-process';

runBackgroundProcess({
  name: 'chat archive projector',
  needs: 'The projector copies Redis streams into Postgres: set DATABASE_URL and REDIS_URL (or REDIS_CLUSTER_NODES).',
  // Its lag, archive delay, dead letters, failed queries and commands.
  watch: (metrics, resolve) => metrics.watchProjector(resolve(INFRA.ChatProjector)),
  async start(resolve, config) {
    const projector = resolve(INFRA.ChatProjector);
    projector.start();
    return { stop: () => projector.stop(), details: { retention: config.chat.streamRetention } };
  },
});
