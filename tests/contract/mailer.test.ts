import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMailer, smtpMailer } from '@adapters/mail/nodemailer-mailer';
import { InMemoryMailer } from '@tests/fakes/in-memory-mailer';
import { SmtpSink } from '@tests/support/smtp-sink';
import { FROM_ADDRESS, mailerContract } from './mailer.contract';

const FROM = `Study Swamp <${FROM_ADDRESS}>`;

describe('InMemoryMailer', () => {
  mailerContract(async () => {
    const mailer = new InMemoryMailer();
    return { mailer, delivered: async () => mailer.sent.map((m) => ({ ...m, to: [m.to.email], from: FROM })) };
  });
});

describe('NodemailerMailer over SMTP, to a real SMTP server', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await SmtpSink.start();
  });
  afterAll(() => sink?.close());

  mailerContract(async () => {
    const mailer = smtpMailer(sink.url, FROM);
    return { mailer, delivered: async () => sink.mails };
  });

  it('sends one message of two alternatives, plain text and HTML', async () => {
    await smtpMailer(sink.url, FROM).send({
      kind: 'verify-email',
      to: { email: 'parts@ufl.edu' },
      link: 'https://x.example/verify-email?token=t',
    });
    const [mail] = await sink.waitFor('parts@ufl.edu');
    expect(mail.contentType).toBe('multipart/alternative');
  });

  it('rejects when the SMTP server cannot be reached', async () => {
    const closed = await SmtpSink.start();
    await closed.close();
    await expect(
      smtpMailer(closed.url, FROM).send({ kind: 'verify-email', to: { email: 'x@ufl.edu' }, link: 'https://x.example/' }),
    ).rejects.toThrow();
  });
});

describe('NodemailerMailer into the outbox folder', () => {
  const dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'ss-outbox-')), 'outbox');
  const lines: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });

  mailerContract(async () => ({
    mailer: outboxMailer(dir, FROM, logger),
    delivered: async () =>
      Promise.all(
        readdirSync(dir)
          .filter((name) => name.endsWith('.eml'))
          .map(async (name) => {
            const parsed = await simpleParser(readFileSync(path.join(dir, name)));
            const to = Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : [];
            return {
              to: to.flatMap((a) => a.value.map((v) => v.address ?? '')),
              from: parsed.from?.text ?? '',
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
            };
          }),
      ),
  }));

  it('logs the link of every mail it writes', () => {
    expect(lines.some((line) => line.includes('https://swamp.example.edu/verify-email?token=abc_DEF-123'))).toBe(true);
  });
});
