// One behaviour for every DigestStore adapter: an entry is kept once per
// student and key (also after it was sent), a digest claims the oldest
// entries up to its cap, a claim holds off a second run and comes back whole
// after a failure, and what was sent or dropped is gone, with the send time kept.
import { beforeAll, describe, expect, it } from 'vitest';
import { DIGEST_CLAIM_MS, type DigestStore } from '@application/ports/digest-store';
import type { DigestEntry } from '@application/ports/mail-digest-inbox';
import { StudyGroupId, type UserId } from '@domain/ids';

export interface DigestStoreWorld {
  store: DigestStore;
  addStudent(): Promise<UserId>;
  deleteStudent(id: UserId): Promise<void>;
}

const T0 = Date.parse('2026-10-14T15:00:00Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000);

function entry(key: string, minutes: number, extra: Partial<DigestEntry> = {}): DigestEntry {
  return {
    key,
    kind: 'mention',
    title: 'Exam 1 Crammers',
    summary: `about ${key}`,
    quotes: [],
    url: '/study-group/34',
    at: at(minutes),
    ...extra,
  };
}

const keysOf = (claimed: DigestEntry[] | 'busy') => (claimed === 'busy' ? 'busy' : claimed.map((e) => e.key));

export function digestStoreContract(makeWorld: () => Promise<DigestStoreWorld>) {
  describe('DigestStore contract', () => {
    let world: DigestStoreWorld;
    beforeAll(async () => {
      world = await makeWorld();
    });

    it('keeps every field of an entry, and an entry added twice once', async () => {
      const ana = await world.addStudent();
      const full = entry('group:34:1-0', 1, {
        kind: 'group-message',
        groupId: StudyGroupId(34),
        quotes: [{ author: 'ben', text: 'Library <5 PM> & snacks' }],
      });
      await world.store.add(ana, full);
      await world.store.add(ana, { ...full, summary: 'again' });
      expect(await world.store.claim(ana, 50, at(2))).toEqual([full]);
    });

    it('claims the oldest entries up to the cap; the rest wait for the next digest', async () => {
      const ana = await world.addStudent();
      const ben = await world.addStudent();
      for (const [key, minutes] of [
        ['c', 3],
        ['a', 1],
        ['b', 2],
      ] as const)
        await world.store.add(ana, entry(key, minutes));
      await world.store.add(ben, entry('x', 0));
      expect(keysOf(await world.store.claim(ana, 2, at(5)))).toEqual(['a', 'b']);
      expect(await world.store.hasWaiting(ana)).toBe(true);
      await world.store.sent(ana, ['a', 'b'], at(5));
      expect(keysOf(await world.store.claim(ana, 2, at(6)))).toEqual(['c']);
      expect(await world.store.hasWaiting(ana)).toBe(false);
      expect(keysOf(await world.store.claim(ben, 2, at(6)))).toEqual(['x']);
    });

    it('a fresh claim holds off another run; a released or stale one comes back whole, new entries waiting', async () => {
      const ana = await world.addStudent();
      await world.store.add(ana, entry('a', 1));
      expect(keysOf(await world.store.claim(ana, 50, at(2)))).toEqual(['a']);
      await world.store.add(ana, entry('b', 3));
      expect(await world.store.claim(ana, 50, at(3))).toBe('busy');
      await world.store.release(ana);
      expect(keysOf(await world.store.claim(ana, 50, at(4)))).toEqual(['a']);
      // A run that died: its claim passes.
      expect(keysOf(await world.store.claim(ana, 50, new Date(at(4).getTime() + DIGEST_CLAIM_MS + 1)))).toEqual(['a']);
      expect(await world.store.hasWaiting(ana)).toBe(true);
    });

    it('records the last digest; a sent key added again stays sent', async () => {
      const ana = await world.addStudent();
      expect(await world.store.lastSentAt(ana)).toBeNull();
      await world.store.add(ana, entry('a', 1));
      await world.store.claim(ana, 50, at(2));
      await world.store.sent(ana, ['a'], at(2));
      expect(await world.store.lastSentAt(ana)).toEqual(at(2));
      await world.store.add(ana, entry('a', 3));
      expect(await world.store.claim(ana, 50, at(4))).toEqual([]);
      await world.store.sent(ana, [], at(40));
      expect(await world.store.lastSentAt(ana)).toEqual(at(40));
    });

    it('drops some entries or all of them without a send', async () => {
      const ana = await world.addStudent();
      for (const key of ['a', 'b', 'c']) await world.store.add(ana, entry(key, 1));
      await world.store.drop(ana, at(2), ['b']);
      expect(keysOf(await world.store.claim(ana, 50, at(2)))).toEqual(['a', 'c']);
      await world.store.drop(ana, at(3));
      await world.store.release(ana);
      expect(await world.store.claim(ana, 50, at(4))).toEqual([]);
      expect(await world.store.lastSentAt(ana)).toBeNull();
    });

    it("forgets a deleted student's entries", async () => {
      const ana = await world.addStudent();
      await world.store.add(ana, entry('a', 1));
      await world.store.sent(ana, [], at(1));
      await world.deleteStudent(ana);
      expect(await world.store.hasWaiting(ana)).toBe(false);
      expect(await world.store.lastSentAt(ana)).toBeNull();
    });
  });
}
