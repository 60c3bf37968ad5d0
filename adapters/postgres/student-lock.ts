// The lock that serialises one student's limited writes (joining sections,
// starting and joining groups): their users row, taken FOR NO KEY UPDATE in
// the transaction that counts and then writes. That mode does not block the
// foreign-key checks of rows that name the student (KEY SHARE), so their chat,
// sessions and reads go on; two limited writes of the same student wait for
// each other, and so count what the other wrote. Writes that also lock a group
// take the student first, and nothing locks a group and then a student.
import type { Knex } from 'knex';

export async function lockStudent(trx: Knex.Transaction, userId: number): Promise<void> {
  await trx('users').where('id', userId).forNoKeyUpdate().first('id');
}

/** A count(*) of a query, as a number (Postgres answers bigint as a string). */
export async function countOf(query: Knex.QueryBuilder): Promise<number> {
  const row = (await query.count({ n: '*' }).first()) as { n: string | number } | undefined;
  return Number(row?.n ?? 0);
}
