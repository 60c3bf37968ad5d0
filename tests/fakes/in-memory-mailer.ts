import type { AccountMail, Mailer } from '@application/ports/mailer';
import { accountMailContent, type MailContent } from '@adapters/mail/account-mail-content';

/** Keeps every mail, written as the real adapters write it. */
export class InMemoryMailer implements Mailer {
  readonly sent: (AccountMail & MailContent)[] = [];

  async send(mail: AccountMail): Promise<void> {
    this.sent.push({ ...mail, ...accountMailContent(mail) });
  }

  /** The token of the newest link of this kind sent to this address. */
  lastToken(email: string, kind: AccountMail['kind']): string {
    const mail = this.sent.findLast((m) => m.to.email === email && m.kind === kind);
    if (!mail) throw new Error(`no ${kind} mail to ${email}`);
    return new URL(mail.link).searchParams.get('token')!;
  }
}
