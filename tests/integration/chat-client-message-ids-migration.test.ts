// The migration of idempotent chat posts on a database with chat history: the
// messages already stored keep no client message id, a student's id is
// unique in a room (another student's or room's is not), and it rolls back.
import { expect, it } from 'vitest';
import { migrationSource } from '@adapters/database/migration-source';
import { describeMigration } from '@tests/support/migration-databases';

describeMigration('chat client message ids migration', '20261127000000_chat_client_message_ids', (database) => {
  it('leaves existing messages without an id, keeps one per student and room, and rolls back', async () => {
    const db = database();
    const user = (name: string) => ({
      first_name: 'A',
      last_name: 'G',
      username: name,
      username_canonical: name,
      email: `${name}@ufl.edu`,
      email_canonical: `${name}@ufl.edu`,
      password_hash: 'x',
      major: 'M',
      year: 2,
    });
    const [alice, bob] = await db('users')
      .insert([user('alice'), user('bob')])
      .returning('id');
    const row = (userId: number, seq: number, roomId = 1) => ({
      room_type: 'course',
      room_id: roomId,
      stream_ms: 1_700_000_000_000,
      stream_seq: seq,
      user_id: userId,
      message: `m${seq}`,
      created_at: new Date(1_700_000_000_000),
    });
    await db('chat_messages').insert(row(alice.id, 0));

    await db.migrate.up({ migrationSource });
    expect((await db('chat_messages').first()).client_message_id).toBeNull();
    await db('chat_messages').insert([row(alice.id, 1), row(alice.id, 2)]); // many without an id
    await db('chat_messages').insert({ ...row(alice.id, 3), client_message_id: 'draft-1' });
    await expect(db('chat_messages').insert({ ...row(alice.id, 4), client_message_id: 'draft-1' })).rejects.toMatchObject({
      code: '23505',
    });
    await db('chat_messages').insert({ ...row(bob.id, 5), client_message_id: 'draft-1' });
    await db('chat_messages').insert({ ...row(alice.id, 6, 2), client_message_id: 'draft-1' });

    await db.migrate.down({ migrationSource });
    expect(await db.schema.hasColumn('chat_messages', 'client_message_id')).toBe(false);
    expect(Number((await db('chat_messages').count({ n: '*' }).first())!.n)).toBe(6);
  });
});
