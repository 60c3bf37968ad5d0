// Rows the chat tests need and the chat features do not create themselves:
// students, and (until the study-group feature lands) study groups.
import type { Knex } from 'knex';
import { Cluster, type Redis } from 'ioredis';
import type { RedisConnection } from '@adapters/redis/redis-client';
import { StudyGroupId, UserId } from '@domain/ids';
import { canonicalName } from '@domain/user/canonical-name';

let counter = 0;

/** A users row; chat_messages points at it. */
export async function insertUser(db: Knex, name: string): Promise<{ id: UserId; username: string }> {
  counter += 1;
  const username = `${name}${process.pid % 1000}${counter}`.slice(0, 30);
  const [row] = await db('users')
    .insert({
      first_name: name,
      last_name: 'Gator',
      username,
      username_canonical: canonicalName(username),
      email: `${username}@ufl.edu`,
      email_canonical: canonicalName(`${username}@ufl.edu`),
      password_hash: 'not-a-real-hash',
      major: 'Zoology',
      year: 2,
    })
    .returning(['id', 'username']);
  return { id: UserId(row.id), username: row.username };
}

/**
 * A study group of the course, owned by ownerId, with the owner and the members in study_group_members.
 * Written straight to the tables, so fixtures with many groups of one owner pass by the per-student limits.
 */
export async function insertStudyGroup(
  db: Knex,
  courseId: number,
  ownerId: number,
  memberIds: number[] = [],
  { name = 'Exam prep', description = 'Problem sets' }: { name?: string; description?: string } = {},
): Promise<StudyGroupId> {
  const [{ id }] = await db('study_groups')
    .insert({ course_id: courseId, owner_id: ownerId, name, description, is_public: true })
    .returning('id');
  await db('study_group_members').insert([ownerId, ...memberIds].map((userId) => ({ study_group_id: id, user_id: userId })));
  return StudyGroupId(id);
}

/** Every key under the prefix that matches the pattern (SCAN, never KEYS). */
export async function keysUnder(redis: RedisConnection, pattern: string): Promise<string[]> {
  const found: string[] = [];
  // A cluster's keys are spread over its primaries: SCAN each.
  const nodes = redis instanceof Cluster ? redis.nodes('master') : [redis];
  for (const node of nodes) {
    let cursor = '0';
    do {
      const [next, keys] = await node.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      found.push(...keys);
      cursor = next;
    } while (cursor !== '0');
  }
  return found;
}

/** Closes, from the Redis side, the connection with that CLIENT SETNAME (only it: other suites share the server). */
export async function killConnectionNamed(redis: Redis, name: string): Promise<void> {
  const lines = String(await redis.client('LIST')).split('\n');
  const line = lines.find((l) => l.includes(` name=${name} `));
  if (!line) throw new Error(`no Redis connection named ${name}`);
  await redis.client('KILL', 'ID', /\bid=(\d+)/.exec(line)![1]);
}
