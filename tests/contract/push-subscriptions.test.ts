import type { Knex } from 'knex';
import { describe } from 'vitest';
import { InMemoryPushSubscriptions } from '@tests/fakes/in-memory-push-subscriptions';
import { InMemoryUserRepository } from '@tests/fakes/in-memory-user-repository';
import { KnexPushSubscriptions } from '@adapters/postgres/knex-push-subscriptions';
import { KnexUserRepository } from '@adapters/postgres/knex-user-repository';
import { hasPostgres, usePglite, usePostgres } from '@tests/support/use-adapters';
import { pushSubscriptionsContract } from './push-subscriptions.contract';

describe('InMemoryPushSubscriptions', () => {
  pushSubscriptionsContract(async () => ({ users: new InMemoryUserRepository(), subscriptions: new InMemoryPushSubscriptions() }));
});

const knexWorld = (db: Knex) => ({ users: new KnexUserRepository(db), subscriptions: new KnexPushSubscriptions(db) });

describe('KnexPushSubscriptions on PGlite', () => {
  const db = usePglite();
  pushSubscriptionsContract(async () => knexWorld(db()));
});

describe.skipIf(!hasPostgres())('KnexPushSubscriptions on Postgres', () => {
  const db = usePostgres();
  pushSubscriptionsContract(async () => knexWorld(db()));
});
