// The archive projector against what it cannot store (the suite is in
// redis-chat-projector-faults.suite.ts, also run on a Redis Cluster), and
// which archive failures count against an entry.
import { describe, expect, it } from 'vitest';
import { isEntryFault } from '@adapters/redis/chat-archive-refusals';
import { hasPostgres, hasRedis, usePostgres, useRedis } from '@tests/support/use-adapters';
import { redisChatProjectorFaultsSuite } from './redis-chat-projector-faults.suite';

describe("Which archive failures are an entry's own fault", () => {
  const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

  it('counts data errors against the entry', () => {
    for (const code of ['22P05', '22P02', '22001', '22003', '23503', '54000']) expect(isEntryFault(withCode(code))).toBe(true);
  });

  it('never counts an outage, or anything else, against the entry', () => {
    const outages = [
      withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      withCode('ECONNRESET', 'read ECONNRESET'),
      withCode('EPIPE', 'write EPIPE'),
      withCode('ETIMEDOUT'),
      new Error('Connection terminated unexpectedly'),
      Object.assign(new Error('Knex: Timeout acquiring a connection. The pool is probably full.'), { name: 'KnexTimeoutError' }),
      withCode('08006', 'connection failure'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P03', 'the database system is starting up'),
      withCode('53300', 'too many connections'),
      withCode('40001', 'could not serialize access'),
      withCode('42P01', 'relation "chat_messages" does not exist'),
      'a string',
      null,
    ];
    for (const error of outages) expect(isEntryFault(error)).toBe(false);
  });
});

describe.skipIf(!hasRedis() || !hasPostgres())('The chat archive projector and entries it cannot store', () => {
  redisChatProjectorFaultsSuite(usePostgres(), useRedis());
});
