// The in-process parts of the account adapters: which authors are former
// members (remembered, asked once for a crowd), what a mail says, and mail
// sent in the background.
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { CachedFormerMembers } from '@adapters/chat/cached-former-members';
import { accountMailContent } from '@adapters/mail/account-mail-content';
import { BackgroundMailer } from '@adapters/mail/background-mailer';
import type { AccountMail, Mailer } from '@application/ports/mailer';
import { UserId } from '@domain/ids';
import { ManualClock } from '@tests/support/test-clock';

describe('CachedFormerMembers', () => {
  function directory() {
    const deleted = new Set<number>();
    const asked: number[][] = [];
    const clock = new ManualClock();
    const cache = new CachedFormerMembers(
      {
        deletedAmong: async (ids) => {
          asked.push([...ids]);
          return new Set(ids.filter((id) => deleted.has(id)));
        },
      },
      clock.now,
      30_000,
      () => 1,
    );
    return { deleted, asked, clock, cache };
  }

  it('asks once for a crowd reading the same authors at the same moment, then answers from memory', async () => {
    const { deleted, asked, cache } = directory();
    deleted.add(2);
    const answers = await Promise.all(Array.from({ length: 50 }, () => cache.among([UserId(1), UserId(2), UserId(3)])));
    expect(answers.every((a) => [...a].join() === '2')).toBe(true);
    expect(asked).toEqual([[1, 2, 3]]);
    expect([...(await cache.among([UserId(2), UserId(3)]))]).toEqual([2]);
    expect(asked).toHaveLength(1);
    expect((await cache.among([])).size).toBe(0);
  });

  it('knows a deletion made here at once, and learns one made elsewhere when its memory expires', async () => {
    const { deleted, clock, cache } = directory();
    expect((await cache.among([UserId(1), UserId(2)])).size).toBe(0);
    cache.deleted(UserId(1));
    expect([...(await cache.among([UserId(1), UserId(2)]))]).toEqual([1]);
    deleted.add(2);
    expect([...(await cache.among([UserId(1), UserId(2)]))]).toEqual([1]);
    clock.advance(30_000);
    expect([...(await cache.among([UserId(1), UserId(2)]))].sort()).toEqual([1, 2]);
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
