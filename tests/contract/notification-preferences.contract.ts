// One behaviour for every NotificationPreferencesStore adapter: defaults for a
// student who never chose, what was saved read back whole (for one student
// and for several), and one-click unsubscribe turning every mail off while
// push stays as chosen.
import { beforeAll, describe, expect, it } from 'vitest';
import type { NotificationPreferencesStore } from '@application/ports/notification-preferences-store';
import type { UserRepository } from '@application/ports/user-repository';
import { StudyGroupId } from '@domain/ids';
import { defaultPreferences, NOTIFICATION_KINDS } from '@domain/notifications/notification-preferences';
import { storeStudent } from '@tests/support/stored-student';

export interface NotificationPreferencesWorld {
  preferences: NotificationPreferencesStore;
  users: UserRepository;
}

export function notificationPreferencesContract(makeWorld: () => Promise<NotificationPreferencesWorld>) {
  describe('NotificationPreferencesStore contract', () => {
    let world: NotificationPreferencesWorld;
    let made = 0;
    const student = async () => storeStudent(world.users, `np${(made += 1)}_${Date.now() % 100000}`);

    beforeAll(async () => {
      world = await makeWorld();
    });

    it('gives a student who never chose the defaults', async () => {
      const a = await student();
      expect(await world.preferences.get(a.id)).toEqual(defaultPreferences());
    });

    it('reads back what was saved, for one student and for several, leaving the others on the defaults', async () => {
      const [a, b] = [await student(), await student()];
      const chosen = defaultPreferences();
      chosen.kinds['group-message'].mail = false;
      chosen.kinds['course-message'].push = true;
      chosen.mutedGroups = [StudyGroupId(5), StudyGroupId(2)];
      chosen.quietHours = { start: '22:30', end: '07:00' };
      chosen.digestMinutes = 60;
      await world.preferences.save(a.id, chosen);
      const read = await world.preferences.get(a.id);
      expect(read).toEqual({ ...chosen, mutedGroups: [2, 5] });
      const many = await world.preferences.getMany([a.id, b.id]);
      expect(many.get(a.id)).toEqual(read);
      expect(many.get(b.id)).toEqual(defaultPreferences());
      expect((await world.preferences.getMany([])).size).toBe(0);
      // A second save replaces the first.
      await world.preferences.save(a.id, defaultPreferences());
      expect(await world.preferences.get(a.id)).toEqual(defaultPreferences());
    });

    it('turns every mail off in one step, keeping push and the rest as chosen, also for a student who never chose', async () => {
      const [a, b] = [await student(), await student()];
      const chosen = { ...defaultPreferences(), quietHours: { start: '23:00', end: '06:00' } };
      chosen.kinds.invite.push = false;
      await world.preferences.save(a.id, chosen);
      await world.preferences.turnMailOff(a.id);
      await world.preferences.turnMailOff(b.id);
      const [readA, readB] = [await world.preferences.get(a.id), await world.preferences.get(b.id)];
      for (const kind of NOTIFICATION_KINDS) {
        expect(readA.kinds[kind].mail).toBe(false);
        expect(readB.kinds[kind].mail).toBe(false);
        expect(readB.kinds[kind].push).toBe(defaultPreferences().kinds[kind].push);
      }
      expect(readA.kinds.invite.push).toBe(false);
      expect(readA.kinds.mention.push).toBe(true);
      expect(readA.quietHours).toEqual({ start: '23:00', end: '06:00' });
    });
  });
}
