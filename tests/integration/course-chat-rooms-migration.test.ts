// The migration that merges the chat rooms of sections into their courses'
// rooms (issue 24), on chat history written the way the version before it
// wrote it: three courses, several sections each with their own rooms, whose
// stream ids collide across sections (the same millisecond and sequence),
// edits and deletes, read markers, client message ids, and a changed
// message whose row only Redis held. After it each course room holds every
// message once, in time order, in its current state, with every reference
// following its message; nothing is left under a section's id.
import type { Knex } from 'knex';
import { beforeAll, expect, it } from 'vitest';
import { migrationSource } from '@adapters/database/migration-source';
import { KnexChatArchive } from '@adapters/postgres/knex-chat-archive';
import { KnexChatLog } from '@adapters/postgres/knex-chat-log';
import { mergeSectionChatRooms } from '@adapters/postgres/merge-section-chat-rooms';
import type { ChatRoom } from '@domain/chat/chat-room';
import { UserId } from '@domain/ids';
import { insertUser } from '@tests/support/chat-fixtures';
import { describeMigration } from '@tests/support/migration-databases';

// 2025-11-13, before the upgrade.
const T = 1_763_000_000_000;

interface Row {
  room_type: string;
  room_id: number;
  stream_ms: number;
  stream_seq: number;
  kind: string;
  target_ms: number | null;
  target_seq: number | null;
  user_id: number;
  message: string;
  client_message_id: string | null;
}

describeMigration('course chat rooms migration', '20261130000000_course_communities', (database) => {
  let db: Knex;
  const users: Record<'alice' | 'bob' | 'carol' | 'dave', number> = { alice: 0, bob: 0, carol: 0, dave: 0 };
  // Sections (rows of courses) of three courses, by name; the courses' ids are read after the upgrade.
  const section: Record<'a1' | 'a2' | 'a3' | 'b1' | 'b2' | 'c1', number> = { a1: 0, a2: 0, a3: 0, b1: 0, b2: 0, c1: 0 };
  const course = { A: 0, B: 0, C: 0 };
  let rowsBefore = 0;
  let groupRows: unknown[] = [];

  beforeAll(async () => {
    db = database();
    for (const name of Object.keys(users) as (keyof typeof users)[]) users[name] = (await insertUser(db, name)).id;
    const catalog = [
      { course_number: 'COP3502C', name: 'Programming Fundamentals 1', sections: ['a1', 'a2', 'a3'] as const },
      { course_number: 'MAC2311', name: 'Analytic Geometry and Calculus 1', sections: ['b1', 'b2'] as const },
      { course_number: 'CHM2045', name: 'General Chemistry 1', sections: ['c1'] as const },
    ];
    let classNumber = 10_000;
    for (const entry of catalog) {
      const [group] = await db('catalog_courses')
        .insert({ term: 'Spring 2026', term_rank: 20261, course_number: entry.course_number, name: entry.name, active_sections: 0 })
        .returning('id');
      for (const name of entry.sections) {
        const [row] = await db('courses')
          .insert({
            term: 'Spring 2026',
            class_number: (classNumber += 1),
            course_number: entry.course_number,
            name: entry.name,
            section: name.toUpperCase(),
            course_group_id: group.id,
          })
          .returning('id');
        section[name] = row.id;
      }
    }
    // Before the upgrade, catalog ids and section ids were counted apart: the same numbers name both.
    expect((await db('catalog_courses').pluck('id')).some((id) => Object.values(section).includes(id))).toBe(true);
    for (const [name, member] of [
      ['a1', 'alice'],
      ['a1', 'bob'],
      ['a2', 'carol'],
      ['a2', 'alice'],
      ['a2', 'bob'],
      ['a2', 'dave'],
      ['a3', 'alice'],
      ['b1', 'alice'],
      ['b1', 'bob'],
      ['b2', 'alice'],
      ['b2', 'bob'],
      ['b2', 'carol'],
      ['c1', 'dave'],
    ] as const)
      await db('course_members').insert({ course_id: section[name], user_id: users[member] });

    const row = (
      room: keyof typeof section,
      ms: number,
      seq: number,
      user: keyof typeof users,
      message: string,
      extra: { change?: ['edit' | 'delete', number, number]; clientMessageId?: string } = {},
    ) => ({
      room_type: 'course',
      room_id: section[room],
      stream_ms: ms,
      stream_seq: seq,
      user_id: users[user],
      message,
      created_at: new Date(ms),
      kind: extra.change?.[0] ?? 'message',
      target_ms: extra.change?.[1] ?? null,
      target_seq: extra.change?.[2] ?? null,
      deleted: extra.change?.[0] === 'delete',
      edited_at: extra.change?.[0] === 'edit' ? new Date(ms) : null,
      client_message_id: extra.clientMessageId ?? null,
    });
    // Written as the version before the upgrade kept them: the rows of a
    // changed message hold its current text, chat_message_edits its state
    // and latest change.
    await db('chat_messages').insert([
      // a1
      row('a1', T, 0, 'alice', 'a1 hello', { clientMessageId: 'c-1' }),
      row('a1', T, 1, 'bob', 'a1 second in the same millisecond'),
      row('a1', T + 5, 0, 'alice', 'a1 fixed'),
      row('a1', T + 7, 0, 'alice', 'a1 fixed', { change: ['edit', T + 5, 0] }),
      row('a1', T + 9, 0, 'bob', ''),
      row('a1', T + 10, 0, 'bob', '', { change: ['delete', T + 9, 0] }),
      row('a1', T + 30, 0, 'alice', 'a1 at the moment of a3’s edit'),
      // a2: its first id and its edit's id are a1's too.
      row('a2', T, 0, 'carol', 'a2 hello, edited'),
      row('a2', T, 2, 'dave', 'a2 later in the same millisecond'),
      row('a2', T + 7, 0, 'carol', 'a2 hello, edited', { change: ['edit', T, 0] }),
      row('a2', T + 20, 0, 'alice', 'a2 by alice, retried id', { clientMessageId: 'c-1' }),
      row('a2', T + 25, 0, 'bob', 'a2 by bob', { clientMessageId: 'c-2' }),
      // a3: the message its edit changed is only in Redis; this one is archived.
      row('a3', T + 40, 0, 'alice', 'a3 hello'),
      // b1 and b2 collide at T + 100.
      row('b1', T + 100, 0, 'alice', 'b1 one'),
      row('b1', T + 101, 0, 'bob', 'b1 two'),
      row('b2', T + 100, 0, 'bob', 'b2 one'),
      row('b2', T + 102, 0, 'carol', ''),
      row('b2', T + 103, 0, 'carol', '', { change: ['delete', T + 102, 0] }),
      // c1: nothing collides.
      row('c1', T + 200, 0, 'dave', 'c1 only', { clientMessageId: 'c-9' }),
    ]);
    const state = (room: keyof typeof section, target: [number, number], event: [number, number], message: string, deleted = false) => ({
      room_type: 'course',
      room_id: section[room],
      target_ms: target[0],
      target_seq: target[1],
      message,
      edited_at: deleted ? null : new Date(event[0]),
      deleted_at: deleted ? new Date(event[0]) : null,
      event_ms: event[0],
      event_seq: event[1],
      edit_count: deleted ? 0 : 1,
    });
    await db('chat_message_edits').insert([
      state('a1', [T + 5, 0], [T + 7, 0], 'a1 fixed'),
      state('a1', [T + 9, 0], [T + 10, 0], '', true),
      state('a2', [T, 0], [T + 7, 0], 'a2 hello, edited'),
      // Neither the message nor its edit is archived: both are only in a3's Redis stream.
      state('a3', [T + 30, 0], [T + 31, 0], 'a3 edited, in Redis only'),
      state('b2', [T + 102, 0], [T + 103, 0], '', true),
    ]);
    const marker = (user: keyof typeof users, room: keyof typeof section, ms: number, seq: number) => ({
      user_id: users[user],
      room_type: 'course',
      room_id: section[room],
      read_ms: ms,
      read_seq: seq,
    });
    await db('chat_read_markers').insert([
      marker('alice', 'a1', T + 30, 0),
      marker('alice', 'a2', T + 7, 0),
      marker('bob', 'a1', T, 1),
      marker('carol', 'a2', T, 2),
      marker('alice', 'b1', T + 101, 0),
      marker('alice', 'b2', T + 100, 0),
      marker('bob', 'b1', T + 100, 0),
      marker('bob', 'b2', T + 102, 0),
      marker('carol', 'b2', T + 100, 0),
      marker('dave', 'c1', T + 200, 0),
    ]);
    // A study group's room whose id is a section's number: not a section room, left alone.
    await db('chat_messages').insert({ ...row('a1', T, 0, 'alice', 'in a group'), room_type: 'group' });
    await db('chat_read_markers').insert({ ...marker('alice', 'a1', T, 0), room_type: 'group' });
    groupRows = await db('chat_messages').where({ room_type: 'group' }).select('*');
    rowsBefore = Number((await db('chat_messages').count({ n: '*' }))[0].n);

    // The two migrations of issue 24: courses and sections, then the chat.
    await db.migrate.up({ migrationSource });
    await db.migrate.up({ migrationSource });
    for (const [name, sections] of [
      ['A', 'a1'],
      ['B', 'b1'],
      ['C', 'c1'],
    ] as const)
      course[name] = (await db('courses').where({ id: section[sections] }).first('course_group_id')).course_group_id;
    // Then every later migration, so today's adapters (which read columns added since) read the moved rows.
    await db.migrate.latest({ migrationSource });
  });

  const roomRows = async (room: ChatRoom): Promise<Row[]> =>
    (
      await db('chat_messages')
        .where({ room_type: room.kind, room_id: room.id })
        .orderBy(['stream_ms', 'stream_seq'])
        .select(
          'room_type',
          'room_id',
          'stream_ms',
          'stream_seq',
          'kind',
          'target_ms',
          'target_seq',
          'user_id',
          'message',
          'client_message_id',
        )
    ).map((r: Row) => ({ ...r, stream_ms: Number(r.stream_ms), target_ms: r.target_ms === null ? null : Number(r.target_ms) }));
  const id = (ms: number, seq: number) => `${ms}-${seq}`;
  const courseRoom = (name: keyof typeof course): ChatRoom => ({ kind: 'course', id: course[name] });

  it('applies both migrations', async () => {
    const [done] = (await db.migrate.list({ migrationSource })) as [{ name: string }[], unknown[]];
    expect(done.map((m) => m.name)).toEqual(
      expect.arrayContaining(['20261130000000_course_communities', '20261130100000_course_chat_rooms']),
    );
    expect(new Set(Object.values(course)).size).toBe(3);
  });

  it('leaves nothing under a section’s id, and loses and duplicates no row', async () => {
    const sections = Object.values(section);
    for (const table of ['chat_messages', 'chat_message_edits', 'chat_read_markers'])
      expect(Number((await db(table).where({ room_type: 'course' }).whereIn('room_id', sections).count({ n: '*' }))[0].n), table).toBe(0);
    expect(Number((await db('chat_messages').count({ n: '*' }))[0].n)).toBe(rowsBefore);
    // The group's room, whose id is also a section's, kept its row and marker.
    // (Columns later migrations added, such as a reply's, come in addition.)
    expect(await db('chat_messages').where({ room_type: 'group' }).select('*')).toEqual(groupRows.map((r) => expect.objectContaining(r)));
    expect(await db('chat_read_markers').where({ room_type: 'group' }).pluck('room_id')).toEqual([section.a1]);
  });

  it('gives each course room its sections’ rows in time order, a colliding id the next sequence of its millisecond, and every target its message’s new id', async () => {
    const rows = (await roomRows(courseRoom('A'))).map((r) => [
      id(r.stream_ms, r.stream_seq),
      r.kind,
      r.target_ms === null ? null : id(r.target_ms, r.target_seq!),
      r.user_id,
      r.message,
    ]);
    const { alice, bob, carol, dave } = users;
    expect(rows).toEqual([
      [id(T, 0), 'message', null, alice, 'a1 hello'],
      [id(T, 1), 'message', null, bob, 'a1 second in the same millisecond'],
      // a2's T-0 was a1's: it and what follows it in that millisecond move up, in their order.
      [id(T, 3), 'message', null, carol, 'a2 hello, edited'],
      [id(T, 4), 'message', null, dave, 'a2 later in the same millisecond'],
      [id(T + 5, 0), 'message', null, alice, 'a1 fixed'],
      [id(T + 7, 0), 'edit', id(T + 5, 0), alice, 'a1 fixed'],
      [id(T + 7, 1), 'edit', id(T, 3), carol, 'a2 hello, edited'],
      [id(T + 9, 0), 'message', null, bob, ''],
      [id(T + 10, 0), 'delete', id(T + 9, 0), bob, ''],
      [id(T + 20, 0), 'message', null, alice, 'a2 by alice, retried id'],
      [id(T + 25, 0), 'message', null, bob, 'a2 by bob'],
      [id(T + 30, 0), 'message', null, alice, 'a1 at the moment of a3’s edit'],
      [id(T + 40, 0), 'message', null, alice, 'a3 hello'],
    ]);
    expect((await roomRows(courseRoom('B'))).map((r) => [id(r.stream_ms, r.stream_seq), r.kind, r.message])).toEqual([
      [id(T + 100, 0), 'message', 'b1 one'],
      [id(T + 100, 1), 'message', 'b2 one'],
      [id(T + 101, 0), 'message', 'b1 two'],
      [id(T + 102, 0), 'message', ''],
      [id(T + 103, 0), 'delete', ''],
    ]);
    expect((await roomRows(courseRoom('C'))).map((r) => [id(r.stream_ms, r.stream_seq), r.message])).toEqual([[id(T + 200, 0), 'c1 only']]);
  });

  it('keys every changed message’s state by the course room and the message’s new id, with its latest change’s new id, the one only Redis holds included', async () => {
    const edits = await db('chat_message_edits')
      .where({ room_type: 'course' })
      .whereIn('room_id', Object.values(course))
      .orderBy(['room_id', 'target_ms', 'target_seq'])
      .select('room_id', 'target_ms', 'target_seq', 'event_ms', 'event_seq', 'message', 'deleted_at', 'edit_count');
    expect(
      edits.map((e) => [
        e.room_id,
        id(Number(e.target_ms), e.target_seq),
        id(Number(e.event_ms), e.event_seq),
        e.message,
        e.deleted_at !== null,
      ]),
    ).toEqual(
      [
        [course.A, id(T, 3), id(T + 7, 1), 'a2 hello, edited', false],
        [course.A, id(T + 5, 0), id(T + 7, 0), 'a1 fixed', false],
        [course.A, id(T + 9, 0), id(T + 10, 0), '', true],
        // a3's message was T+30-0, which a1 holds in the course room: its state takes the next sequence, where its message will land.
        [course.A, id(T + 30, 1), id(T + 31, 0), 'a3 edited, in Redis only', false],
        [course.B, id(T + 102, 0), id(T + 103, 0), '', true],
      ].sort((a, b) => (a[0] as number) - (b[0] as number)),
    );
  });

  it('answers each course room’s history and log in their current state, in time order', async () => {
    const log = new KnexChatLog(db, () => T + 1_000_000);
    const latest = await log.latest(courseRoom('A'), 50);
    expect(latest.map((m) => [m.id, m.message, m.editedAt !== undefined, m.deleted ?? false])).toEqual([
      [id(T, 0), 'a1 hello', false, false],
      [id(T, 1), 'a1 second in the same millisecond', false, false],
      [id(T, 3), 'a2 hello, edited', true, false],
      [id(T, 4), 'a2 later in the same millisecond', false, false],
      [id(T + 5, 0), 'a1 fixed', true, false],
      [id(T + 9, 0), '', false, true],
      [id(T + 20, 0), 'a2 by alice, retried id', false, false],
      [id(T + 25, 0), 'a2 by bob', false, false],
      [id(T + 30, 0), 'a1 at the moment of a3’s edit', false, false],
      [id(T + 40, 0), 'a3 hello', false, false],
    ]);
    // A poll from the start: each changed message once, at its latest change.
    const polled = await log.after(courseRoom('A'), { ms: 0, seq: 0 }, 50);
    expect(polled.map((m) => [m.id, m.event ?? null])).toEqual([
      [id(T, 0), null],
      [id(T, 1), null],
      [id(T, 4), null],
      [id(T + 5, 0), id(T + 7, 0)],
      [id(T, 3), id(T + 7, 1)],
      [id(T + 9, 0), id(T + 10, 0)],
      [id(T + 20, 0), null],
      [id(T + 25, 0), null],
      [id(T + 30, 0), null],
      [id(T + 40, 0), null],
    ]);
    expect((await log.before(courseRoom('B'), { ms: T + 102, seq: 0 }, 2)).map((m) => [m.id, m.message])).toEqual([
      [id(T + 100, 1), 'b2 one'],
      [id(T + 101, 0), 'b1 two'],
    ]);
  });

  it('keeps a student’s latest read marker of the course’s sections, following the ids that moved', async () => {
    const markers = await db('chat_read_markers')
      .where({ room_type: 'course' })
      .orderBy(['room_id', 'user_id'])
      .select('user_id', 'room_id', 'read_ms', 'read_seq');
    const { alice, bob, carol, dave } = users;
    expect(markers.map((m) => [m.room_id, m.user_id, id(Number(m.read_ms), m.read_seq)])).toEqual(
      [
        // a1 T+30-0 is later than a2 T+7-0 (now T+7-1).
        [course.A, alice, id(T + 30, 0)],
        [course.A, bob, id(T, 1)],
        // carol read a2 up to T-2, now T-4.
        [course.A, carol, id(T, 4)],
        [course.B, alice, id(T + 101, 0)],
        [course.B, bob, id(T + 102, 0)],
        // b2 T+100-0 is T+100-1 now.
        [course.B, carol, id(T + 100, 1)],
        [course.C, dave, id(T + 200, 0)],
      ].sort((a, b) => (a[0] as number) - (b[0] as number) || (a[1] as number) - (b[1] as number)),
    );
  });

  it('keeps a client message id once per student in the course room, so a retried post still finds its message', async () => {
    const ids = await db('chat_messages')
      .where({ room_type: 'course' })
      .whereNotNull('client_message_id')
      .orderBy(['room_id', 'stream_ms'])
      .select('room_id', 'stream_ms', 'stream_seq', 'user_id', 'client_message_id');
    expect(ids.map((r) => [r.room_id, id(Number(r.stream_ms), r.stream_seq), r.client_message_id])).toEqual([
      [course.A, id(T, 0), 'c-1'],
      [course.A, id(T + 25, 0), 'c-2'],
      [course.C, id(T + 200, 0), 'c-9'],
    ]);
    const log = new KnexChatLog(db, () => T + 1_000_000);
    const retried = await log.append(courseRoom('A'), {
      userId: UserId(users.bob),
      username: 'bob',
      message: 'a2 by bob',
      clientMessageID: 'c-2',
    });
    expect(retried).toMatchObject({ replayed: true, message: { id: id(T + 25, 0) } });
    // And a new post takes the next id of the merged room.
    const fresh = await log.append(courseRoom('A'), { userId: UserId(users.dave), username: 'dave', message: 'after the upgrade' });
    expect(fresh).toMatchObject({ replayed: false, message: { id: id(T + 1_000_000, 0) } });
  });

  it('places an entry archived later from a section stream where the migration reserved its id, and drops a row it had moved already', async () => {
    const archive = new KnexChatArchive(db);
    const a3: ChatRoom = { kind: 'course', id: section.a3 };
    const a1: ChatRoom = { kind: 'course', id: section.a1 };
    // What the projector archives from the section streams after the upgrade:
    // a3's message and edit (only Redis had them), and a1's T+5-0 again, as its stream entry had it.
    await archive.store([
      { room: a3, id: { ms: T + 30, seq: 0 }, userId: users.carol, message: 'a3 as first posted' },
      {
        room: a3,
        id: { ms: T + 31, seq: 0 },
        userId: users.carol,
        message: 'a3 edited, in Redis only',
        change: { kind: 'edit', target: { ms: T + 30, seq: 0 }, editedAt: new Date(T + 31), deleted: false },
      },
      { room: a1, id: { ms: T + 5, seq: 0 }, userId: users.alice, message: 'a1 typo' },
    ]);
    expect(await mergeSectionChatRooms(db, [course.A])).toMatchObject({ sections: 2, messages: 2, duplicates: 1, renumbered: 0 });

    const rows = (await roomRows(courseRoom('A'))).filter((r) => r.stream_ms >= T + 5 && r.stream_ms <= T + 31);
    expect(
      rows.map((r) => [id(r.stream_ms, r.stream_seq), r.kind, r.target_ms === null ? null : id(r.target_ms, r.target_seq!), r.message]),
    ).toEqual([
      [id(T + 5, 0), 'message', null, 'a1 fixed'],
      [id(T + 7, 0), 'edit', id(T + 5, 0), 'a1 fixed'],
      [id(T + 7, 1), 'edit', id(T, 3), 'a2 hello, edited'],
      [id(T + 9, 0), 'message', null, ''],
      [id(T + 10, 0), 'delete', id(T + 9, 0), ''],
      [id(T + 20, 0), 'message', null, 'a2 by alice, retried id'],
      [id(T + 25, 0), 'message', null, 'a2 by bob'],
      [id(T + 30, 0), 'message', null, 'a1 at the moment of a3’s edit'],
      // Its state was waiting at T+30-1; the text it was posted with is gone.
      [id(T + 30, 1), 'message', null, 'a3 edited, in Redis only'],
      [id(T + 31, 0), 'edit', id(T + 30, 1), 'a3 edited, in Redis only'],
    ]);
    const log = new KnexChatLog(db);
    expect(await log.find(courseRoom('A'), { ms: T + 30, seq: 1 })).toMatchObject({
      message: 'a3 edited, in Redis only',
      userId: users.carol,
    });
    expect(
      Number((await db('chat_messages').where({ room_type: 'course' }).whereIn('room_id', Object.values(section)).count({ n: '*' }))[0].n),
    ).toBe(0);
  });

  it('finds nothing left to merge when run again', async () => {
    const snapshot = async () => ({
      messages: await db('chat_messages').orderBy('id').select('*'),
      edits: await db('chat_message_edits').orderBy(['room_id', 'target_ms', 'target_seq']).select('*'),
      markers: await db('chat_read_markers').orderBy(['user_id', 'room_type', 'room_id']).select('*'),
    });
    const before = await snapshot();
    expect(await mergeSectionChatRooms(db)).toEqual({ sections: 0, messages: 0, renumbered: 0, duplicates: 0, edits: 0, markers: 0 });
    expect(await snapshot()).toEqual(before);
  });
});
