// The migration that makes removed text gone on a database with chat history
// written the earlier way: the rows of a changed message (the message, every
// edit and delete of it) hold its current text afterwards, each changed
// message knows its latest change and its edit count, and it rolls back.
import { expect, it } from 'vitest';
import { migrationSource } from '@adapters/database/migration-source';
import { describeMigration } from '@tests/support/migration-databases';

describeMigration('chat changes scrubbed migration', '20261128000000_chat_changes_scrubbed', (database) => {
  it('rewrites every row of a changed message to its current text, records its latest change and edit count, and rolls back', async () => {
    const db = database();
    const [alice] = await db('users')
      .insert({
        first_name: 'A',
        last_name: 'G',
        username: 'alice',
        username_canonical: 'alice',
        email: 'alice@ufl.edu',
        email_canonical: 'alice@ufl.edu',
        password_hash: 'x',
        major: 'M',
        year: 2,
      })
      .returning('id');
    const ms = 1_700_000_000_000;
    const row = (seq: number, message: string, change?: { kind: 'edit' | 'delete'; target: number }) => ({
      room_type: 'course',
      room_id: 1,
      stream_ms: ms,
      stream_seq: seq,
      user_id: alice.id,
      message,
      created_at: new Date(ms),
      kind: change?.kind ?? 'message',
      target_ms: change ? ms : null,
      target_seq: change?.target ?? null,
      deleted: change?.kind === 'delete',
    });
    // 0 deleted, 1 edited twice, 2 never changed, 3 edited with its edit only in Redis (not archived yet).
    await db('chat_messages').insert([
      row(0, 'quokka secret'),
      row(1, 'narwhal typo'),
      row(2, 'kept'),
      row(3, 'pangolin draft'),
      row(4, 'axolotl fix', { kind: 'edit', target: 1 }),
      row(5, 'final fix', { kind: 'edit', target: 1 }),
      row(6, '', { kind: 'delete', target: 0 }),
    ]);
    const state = (seq: number, message: string, deleted = false) => ({
      room_type: 'course',
      room_id: 1,
      target_ms: ms,
      target_seq: seq,
      message,
      edited_at: deleted ? null : new Date(ms + 1_000),
      deleted_at: deleted ? new Date(ms + 2_000) : null,
    });
    await db('chat_message_edits').insert([state(0, '', true), state(1, 'final fix'), state(3, 'pangolin, edited')]);

    await db.migrate.up({ migrationSource });
    const texts = await db('chat_messages').orderBy('stream_seq').pluck('message');
    expect(texts).toEqual(['', 'final fix', 'kept', 'pangolin, edited', 'final fix', 'final fix', '']);
    const edits = await db('chat_message_edits').orderBy('target_seq').select('target_seq', 'event_seq', 'edit_count');
    expect(edits.map((e) => [e.target_seq, Number(e.event_seq), e.edit_count])).toEqual([
      [0, 6, 0],
      [1, 5, 2],
      // Its change is only in Redis: it stands at the message's own place, counted as one edit.
      [3, 3, 1],
    ]);

    await db.migrate.down({ migrationSource });
    expect(await db.schema.hasColumn('chat_message_edits', 'event_ms')).toBe(false);
    expect(await db.schema.hasColumn('chat_message_edits', 'edit_count')).toBe(false);
    expect(await db('chat_messages').orderBy('stream_seq').pluck('message')).toEqual(texts);
  });
});
