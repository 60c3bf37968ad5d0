import type { Knex } from 'knex';
import { describe } from 'vitest';
import { InMemoryCalendarFeeds } from '@tests/fakes/in-memory-calendar-feeds';
import { InMemoryCourseCatalog } from '@tests/fakes/in-memory-course-catalog';
import { InMemoryStudyGroupRepository } from '@tests/fakes/in-memory-study-group-repository';
import { InMemoryUserRepository } from '@tests/fakes/in-memory-user-repository';
import { KnexCalendarFeeds } from '@adapters/postgres/knex-calendar-feeds';
import { KnexStudyGroupRepository } from '@adapters/postgres/knex-study-group-repository';
import { KnexUserRepository } from '@adapters/postgres/knex-user-repository';
import { knexCatalog } from '@tests/support/catalog-store';
import { hasPostgres, usePglite, usePostgres } from '@tests/support/use-adapters';
import { calendarFeedsContract } from './calendar-feeds.contract';

describe('InMemoryCalendarFeeds', () => {
  calendarFeedsContract(async () => {
    const users = new InMemoryUserRepository();
    const groups = new InMemoryStudyGroupRepository(users);
    const catalog = new InMemoryCourseCatalog();
    return { users, groups, catalog, feeds: new InMemoryCalendarFeeds(groups) };
  });
});

const knexWorld = (db: Knex) => ({
  users: new KnexUserRepository(db),
  catalog: knexCatalog(db),
  groups: new KnexStudyGroupRepository(db),
  feeds: new KnexCalendarFeeds(db),
});

describe('KnexCalendarFeeds on PGlite', () => {
  const db = usePglite();
  calendarFeedsContract(async () => knexWorld(db()));
});

describe.skipIf(!hasPostgres())('KnexCalendarFeeds on Postgres', () => {
  const db = usePostgres();
  calendarFeedsContract(async () => knexWorld(db()));
});
