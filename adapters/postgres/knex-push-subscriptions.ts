// Students' push devices and the record of what each was sent, in Postgres /
// PGlite. Saving is one transaction: the endpoint's row is replaced (moved to
// this student when another had it, whose deliveries then go), and the
// student's devices past the limit, oldest first, are removed.
import type { Knex } from 'knex';
import type { PushSubscriptions, StoredPushSubscription } from '@application/ports/push-subscriptions';
import { UserId } from '@domain/ids';

interface SubscriptionRow {
  id: number;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: Date | string;
}

const toSubscription = (row: SubscriptionRow): StoredPushSubscription => ({
  id: row.id,
  userId: UserId(row.user_id),
  endpoint: row.endpoint,
  keys: { p256dh: row.p256dh, auth: row.auth },
  createdAt: new Date(row.created_at),
});

export class KnexPushSubscriptions implements PushSubscriptions {
  constructor(private readonly db: Knex) {}

  async save(
    userId: UserId,
    subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
    now: Date,
    maxDevices: number,
  ): Promise<void> {
    await this.db.transaction(async (trx) => {
      const held: { id: number; user_id: number } | undefined = await trx('push_subscriptions')
        .where('endpoint', subscription.endpoint)
        .forUpdate()
        .first('id', 'user_id');
      // A device that changes hands starts afresh: what the last student was sent says nothing of this one.
      if (held && held.user_id !== userId) await trx('push_deliveries').where('subscription_id', held.id).delete();
      await trx('push_subscriptions')
        .insert({
          user_id: userId,
          endpoint: subscription.endpoint,
          p256dh: subscription.keys.p256dh,
          auth: subscription.keys.auth,
          created_at: now,
        })
        .onConflict('endpoint')
        .merge(['user_id', 'p256dh', 'auth', 'created_at']);
      const kept = trx('push_subscriptions')
        .where('user_id', userId)
        .orderBy([
          { column: 'created_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .limit(maxDevices)
        .select('id');
      await trx('push_subscriptions').where('user_id', userId).whereNotIn('id', kept).delete();
    });
  }

  async remove(userId: UserId, endpoint: string): Promise<boolean> {
    const gone: unknown[] = await this.db('push_subscriptions').where({ user_id: userId, endpoint }).delete().returning('id');
    return gone.length > 0;
  }

  async removeAllOf(userId: UserId): Promise<void> {
    await this.db('push_subscriptions').where('user_id', userId).delete();
  }

  async forget(id: number): Promise<void> {
    await this.db('push_subscriptions').where('id', id).delete();
  }

  async listOf(userId: UserId): Promise<StoredPushSubscription[]> {
    const rows: SubscriptionRow[] = await this.db('push_subscriptions')
      .where('user_id', userId)
      .orderBy([{ column: 'created_at' }, { column: 'id' }]);
    return rows.map(toSubscription);
  }

  async sentTo(key: string, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows: { subscription_id: number }[] = await this.db('push_deliveries')
      .where('message_key', key)
      .whereIn('subscription_id', ids)
      .select('subscription_id');
    return new Set(rows.map((row) => row.subscription_id));
  }

  async recordSent(key: string, id: number, now: Date, forgetBefore: Date): Promise<void> {
    await this.db('push_deliveries').where('subscription_id', id).where('sent_at', '<', forgetBefore).delete();
    // The device may have been forgotten meanwhile (a 410 on a parallel send): nothing to record then.
    await this.db.raw(
      `insert into push_deliveries (subscription_id, message_key, sent_at)
       select id, :key, :now from push_subscriptions where id = :id
       on conflict (subscription_id, message_key) do nothing`,
      { key, now, id },
    );
  }
}
