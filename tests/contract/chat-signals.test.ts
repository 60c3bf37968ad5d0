import { describe } from 'vitest';
import { hasRedis, useRedis } from '@tests/support/use-adapters';
import { localSignalsWorld, redisSignalsWorld } from '@tests/support/redis-worlds';
import { chatSignalsContract } from './chat-signals.contract';

describe('LocalChatSignals (one process)', () => {
  chatSignalsContract(localSignalsWorld());
});

describe.skipIf(!hasRedis())('RedisChatSignals (two app servers, each with its one subscriber)', () => {
  chatSignalsContract(redisSignalsWorld(useRedis()));
});
