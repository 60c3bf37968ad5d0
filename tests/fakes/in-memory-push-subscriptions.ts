// Push devices in memory, for unit tests: the same rules as the database
// (one device per endpoint, moved to whoever saves it last; the oldest past
// the limit go; deliveries recorded per device and key).
import type { PushSubscriptions, StoredPushSubscription } from '@application/ports/push-subscriptions';
import type { UserId } from '@domain/ids';

export class InMemoryPushSubscriptions implements PushSubscriptions {
  private readonly devices = new Map<string, StoredPushSubscription>();
  private readonly deliveries = new Map<number, Map<string, Date>>();
  private nextId = 1;

  async save(userId: UserId, subscription: { endpoint: string; keys: { p256dh: string; auth: string } }, now: Date, maxDevices: number) {
    const held = this.devices.get(subscription.endpoint);
    if (held && held.userId !== userId) this.deliveries.delete(held.id);
    const id = held?.id ?? this.nextId++;
    this.devices.set(subscription.endpoint, {
      id,
      userId,
      endpoint: subscription.endpoint,
      keys: { ...subscription.keys },
      createdAt: now,
    });
    const newestFirst = (await this.listOf(userId)).reverse();
    for (const old of newestFirst.slice(maxDevices)) await this.forget(old.id);
  }

  async remove(userId: UserId, endpoint: string): Promise<boolean> {
    const held = this.devices.get(endpoint);
    if (!held || held.userId !== userId) return false;
    await this.forget(held.id);
    return true;
  }

  async removeAllOf(userId: UserId): Promise<void> {
    for (const device of await this.listOf(userId)) await this.forget(device.id);
  }

  async forget(id: number): Promise<void> {
    for (const [endpoint, device] of this.devices) if (device.id === id) this.devices.delete(endpoint);
    this.deliveries.delete(id);
  }

  async listOf(userId: UserId): Promise<StoredPushSubscription[]> {
    return [...this.devices.values()]
      .filter((device) => device.userId === userId)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id)
      .map((device) => ({ ...device, keys: { ...device.keys } }));
  }

  async sentTo(key: string, ids: number[]): Promise<Set<number>> {
    return new Set(ids.filter((id) => this.deliveries.get(id)?.has(key)));
  }

  async recordSent(key: string, id: number, now: Date, forgetBefore: Date): Promise<void> {
    if (![...this.devices.values()].some((device) => device.id === id)) return;
    const sent = this.deliveries.get(id) ?? new Map<string, Date>();
    for (const [oldKey, at] of sent) if (at < forgetBefore) sent.delete(oldKey);
    sent.set(key, now);
    this.deliveries.set(id, sent);
  }
}
