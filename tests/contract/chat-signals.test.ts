import { describe } from 'vitest';
import { LocalChatSignals } from '../../adapters/chat/local-chat-signals';
import { RoomNewest } from '../../adapters/chat/room-newest';
import { SignalHub } from '../../adapters/chat/signal-hub';
import { RedisChatSignals } from '../../adapters/redis/redis-chat-signals';
import { RedisSubscriber } from '../../adapters/redis/redis-subscriber';
import { hasRedis, useRedis } from '../support/use-adapters';
import { chatSignalsContract, type SignalsServer } from './chat-signals.contract';

describe('LocalChatSignals (one process)', () => {
  chatSignalsContract(async () => {
    const hub = new SignalHub();
    const newest = new RoomNewest();
    const server: SignalsServer = { signals: new LocalChatSignals(hub, newest), hub, newest };
    return { servers: [server, server], close: async () => {} };
  });
});

describe.skipIf(!hasRedis())('RedisChatSignals (two app servers, each with its one subscriber)', () => {
  const redis = useRedis();
  chatSignalsContract(async () => {
    const { redis: client, prefix } = redis();
    const subscribers: RedisSubscriber[] = [];
    const server = (): SignalsServer => {
      const hub = new SignalHub();
      const newest = new RoomNewest();
      const subscriber = new RedisSubscriber(client);
      subscribers.push(subscriber);
      return { signals: new RedisChatSignals(client, prefix, subscriber, hub, newest), hub, newest };
    };
    const servers: [SignalsServer, SignalsServer] = [server(), server()];
    for (const subscriber of subscribers) await subscriber.start();
    return {
      servers,
      close: async () => {
        for (const subscriber of subscribers) await subscriber.stop();
      },
    };
  });
});
