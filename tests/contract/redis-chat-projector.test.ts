import { describe } from 'vitest';
import { hasPostgres, hasRedis, usePostgres, useRedis } from '../support/use-adapters';
import { redisChatProjectorSuite } from './redis-chat-projector.suite';

describe.skipIf(!hasRedis() || !hasPostgres())('Redis chat streams and the archive projector', () => {
  redisChatProjectorSuite(usePostgres(), useRedis());
});
