// A mail digest as the real SMTP peer receives it: one message of plain text
// and HTML, every student's text escaped in the HTML, a link per entry and to
// the preferences, RFC 8058 one-click unsubscribe in its headers, and a
// Message-ID that is the same for a retry of the same digest.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DigestMail } from '@application/ports/mailer';
import { smtpMailer } from '@adapters/mail/nodemailer-mailer';
import { SmtpSink } from '@tests/support/smtp-sink';

const FROM = 'Study Swamp <no-reply@swamp.example.edu>';
const UNSUBSCRIBE = 'https://swamp.example.edu/api/unsubscribe/7.c2lnbmVk/';

function digest(email: string, id = `7\ngroup:34:1-0`): DigestMail {
  return {
    to: { email },
    id,
    items: [
      {
        title: 'Exam <b>1</b> & Crammers',
        summary: '2 new messages in Exam <b>1</b> & Crammers, 1 mentions you',
        quotes: [
          { author: 'ana', text: '<script>alert("x")</script> & snacks' },
          { author: 'ben', text: '@carol 2b?' },
        ],
        link: 'https://swamp.example.edu/study-group/34',
      },
      { title: 'COP3502C', summary: 'Ben asks to join Lab partners', quotes: [], link: 'https://swamp.example.edu/study-group/35?a=1&b=2' },
    ],
    preferencesLink: 'https://swamp.example.edu/profile',
    unsubscribeLink: UNSUBSCRIBE,
  };
}

describe('a mail digest over SMTP, to a real SMTP server', () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await SmtpSink.start();
  });
  afterAll(() => sink?.close());

  it('has one-click unsubscribe headers, both parts, each entry quoted and linked, and the preferences link', async () => {
    await smtpMailer(sink.url, FROM).sendDigest(digest('carol@ufl.edu'));
    const [mail] = await sink.waitFor('carol@ufl.edu');
    expect(mail.contentType).toBe('multipart/alternative');
    expect(mail.subject).toBe('2 new notifications on Study Swamp');
    expect(mail.headers['list-unsubscribe']).toContain(`<${UNSUBSCRIBE}>`);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.headers['message-id']).toMatch(/^<digest\.[0-9a-f]{40}@swamp\.example\.edu>$/);
    expect(mail.text).toContain('Exam <b>1</b> & Crammers\n2 new messages in Exam <b>1</b> & Crammers, 1 mentions you');
    expect(mail.text).toContain(
      '  ana: <script>alert("x")</script> & snacks\n  ben: @carol 2b?\nOpen: https://swamp.example.edu/study-group/34',
    );
    expect(mail.text).toContain('https://swamp.example.edu/profile');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>1</b>');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; snacks');
    expect(mail.html).toContain('<strong>ana:</strong>');
    expect(mail.html).toContain('Exam &lt;b&gt;1&lt;/b&gt; &amp; Crammers');
    expect(mail.html).toContain('href="https://swamp.example.edu/study-group/34"');
    expect(mail.html).toContain('href="https://swamp.example.edu/study-group/35?a=1&amp;b=2"');
    expect(mail.html).toContain('href="https://swamp.example.edu/profile"');
  });

  it('writes the same Message-ID for a retry of the same digest, another for another', async () => {
    const mailer = smtpMailer(sink.url, FROM);
    await mailer.sendDigest(digest('dave@ufl.edu'));
    await mailer.sendDigest(digest('dave@ufl.edu'));
    await mailer.sendDigest(digest('dave@ufl.edu', `7\ngroup:34:1-0\ninvite:9`));
    const ids = (await sink.waitFor('dave@ufl.edu', 3)).map((mail) => mail.headers['message-id']);
    expect(ids[0]).toBe(ids[1]);
    expect(ids[2]).not.toBe(ids[0]);
  });

  it('rejects when the SMTP server cannot be reached (the job runs again)', async () => {
    const closed = await SmtpSink.start();
    await closed.close();
    await expect(smtpMailer(closed.url, FROM).sendDigest(digest('x@ufl.edu'))).rejects.toThrow();
  });
});
