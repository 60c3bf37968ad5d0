// The in-process parts of the account adapters: message authors' names and
// who is a former member (remembered, asked once for a crowd), what a mail
// says, and mail sent in the background.
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { CachedMessageAuthors } from '@adapters/chat/cached-message-authors';
import { accountMailContent } from '@adapters/mail/account-mail-content';
import { BackgroundMailer } from '@adapters/mail/background-mailer';
import type { AccountMail, Mailer } from '@application/ports/mailer';
import type { AuthorRecord } from '@application/ports/user-repository';
import { UserId } from '@domain/ids';
import { ManualClock } from '@tests/support/test-clock';

describe('CachedMessageAuthors', () => {
  function directory() {
    const deleted = new Set<number>();
    const names = new Map<number, string>([
      [1, 'Ann'],
      [2, 'Bo'],
      [3, 'Cy'],
    ]);
    const asked: number[][] = [];
    const clock = new ManualClock();
    const cache = new CachedMessageAuthors(
      {
        authorsAmong: async (ids: readonly UserId[]) => {
          asked.push([...ids]);
          const known = ids.filter((id) => names.has(id));
          return new Map<UserId, AuthorRecord>(
            known.map((id) => [id, deleted.has(id) ? { deleted: true } : { deleted: false, firstName: names.get(id)!, lastName: 'L' }]),
          );
        },
      },
      clock.now,
      30_000,
      () => 1,
    );
    /** The ids the cache says are gone, and the first names of the others. */
    const read = async (...ids: number[]) =>
      Object.fromEntries([...(await cache.among(ids.map(UserId)))].map(([id, a]) => [id, a.deleted ? 'gone' : a.firstName]));
    return { deleted, names, asked, clock, cache, read };
  }

  it('asks once for a crowd reading the same authors at the same moment, then answers from memory', async () => {
    const { deleted, asked, cache, read } = directory();
    deleted.add(2);
    const answers = await Promise.all(Array.from({ length: 50 }, () => read(1, 2, 3)));
    expect(answers.every((a) => JSON.stringify(a) === JSON.stringify({ 1: 'Ann', 2: 'gone', 3: 'Cy' }))).toBe(true);
    expect(asked).toEqual([[1, 2, 3]]);
    expect(await read(2, 3)).toEqual({ 2: 'gone', 3: 'Cy' });
    expect(asked).toHaveLength(1);
    expect((await cache.among([])).size).toBe(0);
    // An id that is no account is not answered (its messages stay as they are).
    expect(await read(9)).toEqual({});
  });

  it('knows a deletion or a change of names made here at once, and learns those made elsewhere when its memory expires', async () => {
    const { deleted, names, clock, cache, read } = directory();
    expect(await read(1, 2, 3)).toEqual({ 1: 'Ann', 2: 'Bo', 3: 'Cy' });
    cache.deleted(UserId(1));
    names.set(3, 'Cyrus');
    cache.renamed(UserId(3));
    expect(await read(1, 2, 3)).toEqual({ 1: 'gone', 2: 'Bo', 3: 'Cyrus' });
    deleted.add(2);
    names.set(3, 'Cyril');
    expect(await read(1, 2, 3)).toEqual({ 1: 'gone', 2: 'Bo', 3: 'Cyrus' });
    clock.advance(30_000);
    expect(await read(1, 2, 3)).toEqual({ 1: 'gone', 2: 'gone', 3: 'Cyril' });
  });

  it('keeps no names asked for before a change of names', async () => {
    const { names, asked, cache, read } = directory();
    const before = read(1);
    names.set(1, 'Annie');
    cache.renamed(UserId(1));
    expect(await before).toEqual({ 1: 'Ann' });
    expect(await read(1)).toEqual({ 1: 'Annie' });
    expect(asked).toHaveLength(2);
  });
});

describe('accountMailContent', () => {
  it('says the same to every address, the link aside: nothing the account typed reaches the mail', () => {
    for (const kind of ['verify-email', 'reset-password'] as const) {
      const link = `https://swamp.example.edu/${kind}?token=abc`;
      const [alice, bob] = [
        accountMailContent({ kind, to: { email: 'alice@ufl.edu' }, link }),
        accountMailContent({ kind, to: { email: 'bob@ufl.edu' }, link }),
      ];
      expect(bob).toEqual(alice);
      expect(alice.text).toMatch(/^Hello,\r?\n/);
      expect(alice.text).toContain(link);
      expect(
        accountMailContent({ kind, to: { email: 'alice@ufl.edu' }, link: 'https://other.example/x' }).text.replace(
          'https://other.example/x',
          link,
        ),
      ).toBe(alice.text);
    }
  });
});

describe('BackgroundMailer', () => {
  const mail: AccountMail = { kind: 'verify-email', to: { email: 'a@ufl.edu' }, link: 'https://x.example/verify-email?token=t' };

  it('answers at once and sends behind; a failure is logged and counted, never thrown at the caller', async () => {
    let release: () => void = () => {};
    const sent: AccountMail[] = [];
    const slow: Mailer = { send: (m) => new Promise((resolve) => (release = () => (sent.push(m), resolve()))) };
    const lines: string[] = [];
    const outcomes: string[] = [];
    const background = new BackgroundMailer(slow, pino({}, { write: (line: string) => void lines.push(line) }), (kind, outcome) =>
      outcomes.push(`${kind}:${outcome}`),
    );
    await background.send(mail);
    expect(sent).toEqual([]);
    expect(background.sending).toBe(1);
    release();
    await background.idle();
    expect(sent).toEqual([mail]);

    const failing = new BackgroundMailer(
      { send: async () => Promise.reject(new Error('SMTP down')) },
      pino({}, { write: (line: string) => void lines.push(line) }),
      (kind, outcome) => outcomes.push(`${kind}:${outcome}`),
    );
    await expect(failing.send(mail)).resolves.toBeUndefined();
    await failing.idle();
    expect(outcomes).toEqual(['verify-email:sent', 'verify-email:failed']);
    expect(lines.some((line) => line.includes('could not send a mail') && line.includes('SMTP down'))).toBe(true);
  });
});
