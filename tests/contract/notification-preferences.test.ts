import type { Knex } from 'knex';
import { describe } from 'vitest';
import { KnexNotificationPreferences } from '@adapters/postgres/knex-notification-preferences';
import { KnexUserRepository } from '@adapters/postgres/knex-user-repository';
import { InMemoryNotificationPreferences } from '@tests/fakes/in-memory-notification-preferences';
import { InMemoryUserRepository } from '@tests/fakes/in-memory-user-repository';
import { hasPostgres, usePglite, usePostgres } from '@tests/support/use-adapters';
import { notificationPreferencesContract } from './notification-preferences.contract';

describe('InMemoryNotificationPreferences', () => {
  notificationPreferencesContract(async () => ({
    users: new InMemoryUserRepository(),
    preferences: new InMemoryNotificationPreferences(),
  }));
});

const knexWorld = (db: Knex) => ({ users: new KnexUserRepository(db), preferences: new KnexNotificationPreferences(db) });

describe('KnexNotificationPreferences on PGlite', () => {
  const db = usePglite();
  notificationPreferencesContract(async () => knexWorld(db()));
});

describe.skipIf(!hasPostgres())('KnexNotificationPreferences on Postgres', () => {
  const db = usePostgres();
  notificationPreferencesContract(async () => knexWorld(db()));
});
