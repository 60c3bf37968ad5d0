// One room per course (issue 24), the chat: a course's room is now the
// course's ({ kind: 'course', id: a catalog_courses id }), so every section's
// room (a course-kind room whose id is a section's) moves into its course's:
// its messages, edits and deletes, changed messages' states and read markers,
// in time order, each id that another section took first given the next
// sequence of its millisecond (adapters/postgres/merge-section-chat-rooms.ts
// says how). chat_section_id_moves keeps where every section id went: with
// Redis, the section streams may still hold entries the archive lacks, and
// the projector's one-time step (adapters/redis/chat-section-merge.ts)
// archives them and runs the same merge again, which places them where this
// one reserved them. It can go once every deployment's projector has run it.
import type { Knex } from 'knex';
import { mergeSectionChatRooms } from '@adapters/postgres/merge-section-chat-rooms';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('chat_section_id_moves', (t) => {
    t.integer('section_id').notNullable();
    // The millisecond stays; only the sequence may change.
    t.bigInteger('ms').notNullable();
    t.integer('section_seq').notNullable();
    t.integer('course_id').notNullable();
    t.integer('course_seq').notNullable();
    // A row of the id was moved (false: only a changed message's state or a marker named it, its entry still in Redis).
    t.boolean('archived').notNullable().defaultTo(false);
    t.primary(['section_id', 'ms', 'section_seq']);
    t.index(['course_id', 'ms', 'course_seq'], 'chat_section_id_moves_by_course');
  });
  await mergeSectionChatRooms(knex);
}

export async function down(): Promise<void> {
  throw new Error('Merged chat rooms cannot be split again: the course room does not know which section a message came from.');
}
