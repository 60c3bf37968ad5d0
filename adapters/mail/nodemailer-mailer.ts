// The account mails through nodemailer: its SMTP client to SMTP_URL in
// production, or its stream transport, which builds the very same message
// (MIME, plain text and HTML alternatives, headers) as an .eml file in
// DATA_DIR/outbox, with the link logged, so a fresh clone works offline.
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { AccountMail, DigestMail, DigestMailer, Mailer } from '@application/ports/mailer';
import { accountMailContent } from './account-mail-content';
import { digestMailContent } from './digest-mail-content';

/** What the outbox logs of a mail it wrote. */
interface MailNote {
  to: string;
  kind: AccountMail['kind'] | 'digest';
  link?: string;
}

/** How long an SMTP server may take to accept a connection, greet and answer each command. */
const SMTP_TIMEOUT_MS = 10_000;

export class NodemailerMailer implements Mailer, DigestMailer {
  constructor(
    private readonly transport: Transporter,
    /** MAIL_FROM: "Study Swamp <no-reply@example.edu>". */
    private readonly from: string,
    /** Called with what the transport answered (the outbox writes the built message here). */
    private readonly delivered: (info: { message?: unknown }, mail: MailNote) => Promise<void> = async () => {},
  ) {}

  async send(mail: AccountMail): Promise<void> {
    const content = accountMailContent(mail);
    const info = await this.transport.sendMail({ from: this.from, to: mail.to.email, ...content });
    await this.delivered(info, { to: mail.to.email, kind: mail.kind, link: mail.link });
  }

  /**
   * A digest with RFC 8058 one-click unsubscribe (List-Unsubscribe with the
   * signed address, List-Unsubscribe-Post) and a Message-ID derived from the
   * digest's id: a retry of the same digest is the same message to the peer.
   */
  async sendDigest(mail: DigestMail): Promise<void> {
    const domain = /@([^>\s]+)>?\s*$/.exec(this.from)?.[1] ?? 'study-swamp.invalid';
    const messageId = `<digest.${createHash('sha256').update(mail.id).digest('hex').slice(0, 40)}@${domain}>`;
    const info = await this.transport.sendMail({
      from: this.from,
      to: mail.to.email,
      ...digestMailContent(mail),
      messageId,
      list: { unsubscribe: { url: mail.unsubscribeLink, comment: 'Turn notification mail off' } },
      headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    await this.delivered(info, { to: mail.to.email, kind: 'digest' });
  }

  close(): void {
    this.transport.close();
  }
}

/** Over SMTP (smtp://user:password@host:587, smtps:// for TLS from the start). */
export function smtpMailer(url: string, from: string): NodemailerMailer {
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  return new NodemailerMailer(transport, from);
}

/** Into `dir` as .eml files (one per mail, named by time and kind), each link logged. */
export function outboxMailer(dir: string, from: string, logger: Logger): NodemailerMailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  let written = 0;
  return new NodemailerMailer(transport, from, async (info, mail) => {
    await mkdir(dir, { recursive: true });
    written += 1;
    const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}-${written}-${mail.kind}.eml`);
    await writeFile(file, info.message as Buffer);
    logger.info({ ...mail, file }, 'mail written to the outbox (no SMTP_URL)');
  });
}
