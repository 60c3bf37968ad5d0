// Migrations are imported statically, so they run the same under tsx, Vitest
// and any bundler, without Knex loading .ts files from disk by itself.
import type { Knex } from 'knex';
import * as initialSchema from '@migrations/20261122000000_initial_schema';
import * as courseSearch from '@migrations/20261122010000_course_search';
import * as userCanonicalNames from '@migrations/20261123000000_user_canonical_names';
import * as rateLimitPoints from '@migrations/20261123010000_rate_limit_points';
import * as catalogSections from '@migrations/20261125000000_catalog_sections';
import * as chatEventsAndReadMarkers from '@migrations/20261125120000_chat_events_and_read_markers';
import * as accounts from '@migrations/20261126000000_accounts';
import * as chatClientMessageIds from '@migrations/20261127000000_chat_client_message_ids';
import * as chatChangesScrubbed from '@migrations/20261128000000_chat_changes_scrubbed';
import * as studyGroupLimits from '@migrations/20261128100000_study_group_limits';
import * as studyGroupsCourseOrder from '@migrations/20261128200000_study_groups_course_order';
import * as addressClaims from '@migrations/20261128500000_address_claims';
import * as accountTokensUsed from '@migrations/20261129000000_account_tokens_used';
import * as courseCommunities from '@migrations/20261130000000_course_communities';
import * as courseChatRooms from '@migrations/20261130100000_course_chat_rooms';
import * as catalogCourseRecords from '@migrations/20261130200000_catalog_course_records';
import * as groupInvitations from '@migrations/20261201000000_group_invitations';
import * as studentBusyTimes from '@migrations/20261202000000_student_busy_times';
import * as meetingPlans from '@migrations/20261203000000_meeting_plans';
import * as calendarFeeds from '@migrations/20261204000000_calendar_feeds';
import * as notificationPreferences from '@migrations/20261205000000_notification_preferences';
import * as courseSearchDocuments from '@migrations/20261207000000_course_search_documents';
import * as pushSubscriptions from '@migrations/20261206000000_push_subscriptions';
import * as chatRepliesAndReactions from '@migrations/20261208000000_chat_replies_and_reactions';
import * as notificationMarks from '@migrations/20261209000000_notification_marks';
import * as notificationDigests from '@migrations/20261210000000_notification_digests';

type Migration = { up(knex: Knex): Promise<void>; down(knex: Knex): Promise<void> };

const MIGRATIONS: Record<string, Migration> = {
  '20261122000000_initial_schema': initialSchema,
  '20261122010000_course_search': courseSearch,
  '20261123000000_user_canonical_names': userCanonicalNames,
  '20261123010000_rate_limit_points': rateLimitPoints,
  '20261125000000_catalog_sections': catalogSections,
  '20261125120000_chat_events_and_read_markers': chatEventsAndReadMarkers,
  '20261126000000_accounts': accounts,
  '20261127000000_chat_client_message_ids': chatClientMessageIds,
  '20261128000000_chat_changes_scrubbed': chatChangesScrubbed,
  '20261128100000_study_group_limits': studyGroupLimits,
  '20261128200000_study_groups_course_order': studyGroupsCourseOrder,
  '20261128500000_address_claims': addressClaims,
  '20261129000000_account_tokens_used': accountTokensUsed,
  '20261130000000_course_communities': courseCommunities,
  '20261130100000_course_chat_rooms': courseChatRooms,
  '20261130200000_catalog_course_records': catalogCourseRecords,
  '20261201000000_group_invitations': groupInvitations,
  '20261202000000_student_busy_times': studentBusyTimes,
  '20261203000000_meeting_plans': meetingPlans,
  '20261204000000_calendar_feeds': calendarFeeds,
  '20261205000000_notification_preferences': notificationPreferences,
  '20261207000000_course_search_documents': courseSearchDocuments,
  '20261206000000_push_subscriptions': pushSubscriptions,
  '20261208000000_chat_replies_and_reactions': chatRepliesAndReactions,
  '20261209000000_notification_marks': notificationMarks,
  '20261210000000_notification_digests': notificationDigests,
};

export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(MIGRATIONS).sort(),
  getMigrationName: (name) => name,
  getMigration: async (name) => MIGRATIONS[name],
};

/** Brings the schema up to date; safe to run on every start. */
export async function migrateToLatest(db: Knex): Promise<string[]> {
  const [, applied] = (await db.migrate.latest({ migrationSource })) as [number, string[]];
  return applied;
}

/** Migrations this code knows that the database has not run yet (none when the schema is current). */
export async function pendingMigrations(db: Knex): Promise<string[]> {
  const [, pending] = (await db.migrate.list({ migrationSource })) as [unknown[], unknown[]];
  return pending.map((entry) =>
    typeof entry === 'string' ? entry : String((entry as { file?: string; name?: string }).file ?? (entry as { name?: string }).name),
  );
}
