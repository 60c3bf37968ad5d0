import type { Knex } from 'knex';
import { describe } from 'vitest';
import { InMemoryCourseCatalog } from '@tests/fakes/in-memory-course-catalog';
import { InMemoryGroupInvitations } from '@tests/fakes/in-memory-group-invitations';
import { InMemoryStudyGroupRepository } from '@tests/fakes/in-memory-study-group-repository';
import { InMemoryUserRepository } from '@tests/fakes/in-memory-user-repository';
import { KnexGroupInvitations } from '@adapters/postgres/knex-group-invitations';
import { KnexStudyGroupRepository } from '@adapters/postgres/knex-study-group-repository';
import { KnexUserRepository } from '@adapters/postgres/knex-user-repository';
import { knexCatalog } from '@tests/support/catalog-store';
import { hasPostgres, usePglite, usePostgres } from '@tests/support/use-adapters';
import { groupInvitationsContract } from './group-invitations.contract';

describe('InMemoryGroupInvitations', () => {
  groupInvitationsContract(async () => {
    const users = new InMemoryUserRepository();
    const groups = new InMemoryStudyGroupRepository(users);
    return { users, groups, catalog: new InMemoryCourseCatalog(), invitations: new InMemoryGroupInvitations(groups, users) };
  });
});

const knexWorld = (db: Knex) => ({
  users: new KnexUserRepository(db),
  catalog: knexCatalog(db),
  groups: new KnexStudyGroupRepository(db),
  invitations: new KnexGroupInvitations(db),
});

describe('KnexGroupInvitations on PGlite', () => {
  const db = usePglite();
  groupInvitationsContract(async () => knexWorld(db()));
});

describe.skipIf(!hasPostgres())('KnexGroupInvitations on Postgres', () => {
  const db = usePostgres();
  groupInvitationsContract(async () => knexWorld(db()));
});
