import type { Knex } from 'knex';
import { describe } from 'vitest';
import { UserId } from '@domain/ids';
import { KnexAccountTokens } from '@adapters/postgres/knex-account-tokens';
import { InMemoryAccountTokens } from '@tests/fakes/in-memory-account-tokens';
import { hasPostgres, usePglite, usePostgres } from '@tests/support/use-adapters';
import { accountTokensContract } from './account-tokens.contract';

let n = 0;
const accountIn = (db: () => Knex) => async () => {
  n += 1;
  const [row] = await db()('users')
    .insert({
      first_name: 'T',
      last_name: 'K',
      username: `tok${n}`,
      username_canonical: `tok${n}`,
      email: `tok${n}@ufl.edu`,
      email_canonical: `tok${n}@ufl.edu`,
      password_hash: 'x',
      major: 'M',
      year: 1,
      bio: '',
    })
    .returning('id');
  return UserId(row.id as number);
};

describe('InMemoryAccountTokens', () => {
  accountTokensContract(
    (now) => new InMemoryAccountTokens(now),
    async () => UserId((n += 1)),
  );
});

describe('KnexAccountTokens on PGlite', () => {
  const db = usePglite();
  accountTokensContract((now) => new KnexAccountTokens(db(), now), accountIn(db));
});

describe.skipIf(!hasPostgres())('KnexAccountTokens on Postgres', () => {
  const db = usePostgres();
  accountTokensContract((now) => new KnexAccountTokens(db(), now), accountIn(db));
});
