// One behaviour for every PushSubscriptions adapter: one device per endpoint
// (saved again it is replaced, saved by another student it moves to them and
// its deliveries start afresh), the student's oldest devices go past the
// limit, a student removes only their own, and deliveries are recorded once
// per device and key, forgotten with their device and once old.
import { beforeAll, describe, expect, it } from 'vitest';
import type { PushSubscriptions } from '@application/ports/push-subscriptions';
import type { UserRepository } from '@application/ports/user-repository';
import type { User } from '@domain/user/user';
import { storeStudent } from '@tests/support/stored-student';

export interface PushSubscriptionsWorld {
  subscriptions: PushSubscriptions;
  users: UserRepository;
}

const KEYS = { p256dh: `B${'A'.repeat(86)}`, auth: 'a'.repeat(22) };
const OTHER_KEYS = { p256dh: `B${'Q'.repeat(86)}`, auth: 'b'.repeat(22) };

export function pushSubscriptionsContract(makeWorld: () => Promise<PushSubscriptionsWorld>) {
  describe('PushSubscriptions contract', () => {
    let world: PushSubscriptionsWorld;
    let made = 0;
    const start = Date.UTC(2026, 11, 1, 12);
    const at = (minutes: number) => new Date(start + minutes * 60_000);
    const endpoint = (name: string) => `https://push.example.net/send/${name}-${made}`;
    const student = async (): Promise<User> => {
      made += 1;
      return storeStudent(world.users, `push${made}_${Date.now() % 100000}`);
    };

    beforeAll(async () => {
      world = await makeWorld();
    });

    it("keeps a student's devices oldest first, and saving an endpoint again replaces it", async () => {
      const a = await student();
      expect(await world.subscriptions.listOf(a.id)).toEqual([]);
      await world.subscriptions.save(a.id, { endpoint: endpoint('phone'), keys: KEYS }, at(0), 10);
      await world.subscriptions.save(a.id, { endpoint: endpoint('laptop'), keys: KEYS }, at(1), 10);
      await world.subscriptions.save(a.id, { endpoint: endpoint('phone'), keys: OTHER_KEYS }, at(2), 10);
      const devices = await world.subscriptions.listOf(a.id);
      expect(devices.map((d) => [d.endpoint, d.keys, d.createdAt])).toEqual([
        [endpoint('laptop'), KEYS, at(1)],
        [endpoint('phone'), OTHER_KEYS, at(2)],
      ]);
      expect(devices.every((d) => d.userId === a.id && Number.isInteger(d.id))).toBe(true);
    });

    it('moves an endpoint saved by another student to them, with its deliveries forgotten', async () => {
      const [a, b] = [await student(), await student()];
      await world.subscriptions.save(a.id, { endpoint: endpoint('shared'), keys: KEYS }, at(0), 10);
      const [device] = await world.subscriptions.listOf(a.id);
      await world.subscriptions.recordSent('mention:1', device.id, at(1), at(-60));
      expect(await world.subscriptions.sentTo('mention:1', [device.id])).toEqual(new Set([device.id]));
      await world.subscriptions.save(b.id, { endpoint: endpoint('shared'), keys: KEYS }, at(2), 10);
      expect(await world.subscriptions.listOf(a.id)).toEqual([]);
      const moved = await world.subscriptions.listOf(b.id);
      expect(moved.map((d) => d.endpoint)).toEqual([endpoint('shared')]);
      expect(await world.subscriptions.sentTo('mention:1', [moved[0].id])).toEqual(new Set());
    });

    it("keeps at most the limit of a student's devices: the oldest go", async () => {
      const [a, b] = [await student(), await student()];
      await world.subscriptions.save(b.id, { endpoint: endpoint('b-only'), keys: KEYS }, at(0), 3);
      for (const [i, name] of ['one', 'two', 'three', 'four', 'five'].entries()) {
        await world.subscriptions.save(a.id, { endpoint: endpoint(name), keys: KEYS }, at(i), 3);
      }
      expect((await world.subscriptions.listOf(a.id)).map((d) => d.endpoint)).toEqual([
        endpoint('three'),
        endpoint('four'),
        endpoint('five'),
      ]);
      expect((await world.subscriptions.listOf(b.id)).map((d) => d.endpoint)).toEqual([endpoint('b-only')]);
    });

    it('removes only the acting student’s own device; removeAllOf and forget remove the rest', async () => {
      const [a, b] = [await student(), await student()];
      await world.subscriptions.save(a.id, { endpoint: endpoint('a1'), keys: KEYS }, at(0), 10);
      await world.subscriptions.save(a.id, { endpoint: endpoint('a2'), keys: KEYS }, at(1), 10);
      await world.subscriptions.save(b.id, { endpoint: endpoint('b1'), keys: KEYS }, at(2), 10);
      expect(await world.subscriptions.remove(b.id, endpoint('a1'))).toBe(false);
      expect(await world.subscriptions.remove(a.id, endpoint('a1'))).toBe(true);
      expect(await world.subscriptions.remove(a.id, endpoint('a1'))).toBe(false);
      expect((await world.subscriptions.listOf(a.id)).map((d) => d.endpoint)).toEqual([endpoint('a2')]);
      const [b1] = await world.subscriptions.listOf(b.id);
      await world.subscriptions.forget(b1.id);
      expect(await world.subscriptions.listOf(b.id)).toEqual([]);
      await world.subscriptions.removeAllOf(a.id);
      expect(await world.subscriptions.listOf(a.id)).toEqual([]);
    });

    it('records what each device was sent once per key, forgets old records, and records nothing for a device gone', async () => {
      const a = await student();
      await world.subscriptions.save(a.id, { endpoint: endpoint('d1'), keys: KEYS }, at(0), 10);
      await world.subscriptions.save(a.id, { endpoint: endpoint('d2'), keys: KEYS }, at(1), 10);
      const [d1, d2] = await world.subscriptions.listOf(a.id);
      expect(await world.subscriptions.sentTo('k1', [d1.id, d2.id])).toEqual(new Set());
      await world.subscriptions.recordSent('k1', d1.id, at(10), at(0));
      await world.subscriptions.recordSent('k1', d1.id, at(11), at(0));
      expect(await world.subscriptions.sentTo('k1', [d1.id, d2.id])).toEqual(new Set([d1.id]));
      expect(await world.subscriptions.sentTo('k1', [])).toEqual(new Set());
      // A week later, the old record goes when the device is sent something new.
      await world.subscriptions.recordSent('k2', d1.id, at(10_080), at(100));
      expect(await world.subscriptions.sentTo('k1', [d1.id])).toEqual(new Set());
      expect(await world.subscriptions.sentTo('k2', [d1.id])).toEqual(new Set([d1.id]));
      await world.subscriptions.forget(d2.id);
      await world.subscriptions.recordSent('k1', d2.id, at(12), at(0));
      expect(await world.subscriptions.sentTo('k1', [d2.id])).toEqual(new Set());
    });
  });
}
