// Sends in the background: send() resolves once the mail is queued, so no
// request waits on an SMTP server (a sign-up is not slowed or failed by a
// slow or absent mail server, and a password-reset request takes as long
// whether or not a mail goes out). A mail that cannot be delivered is logged
// at error level and dropped; the student asks again (Resend, Forgot
// password). Shutdown waits for the queue, up to a deadline.
import type { Logger } from 'pino';
import type { AccountMail, Mailer } from '@application/ports/mailer';

export class BackgroundMailer implements Mailer {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly inner: Mailer,
    private readonly logger: Logger,
    /** Told how each mail went (the metrics count them). */
    private readonly onSent: (kind: AccountMail['kind'], outcome: 'sent' | 'failed') => void = () => {},
  ) {}

  async send(mail: AccountMail): Promise<void> {
    const delivery = this.inner.send(mail).then(
      () => this.onSent(mail.kind, 'sent'),
      (error: unknown) => {
        this.onSent(mail.kind, 'failed');
        this.logger.error({ err: error, kind: mail.kind }, 'could not send a mail');
      },
    );
    this.pending.add(delivery);
    void delivery.finally(() => this.pending.delete(delivery));
  }

  /** Mails still being sent. */
  get sending(): number {
    return this.pending.size;
  }

  /** Resolves when every mail queued so far is sent (or failed), or after `timeoutMs`. */
  async idle(timeoutMs = 10_000): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    });
    await Promise.race([Promise.all([...this.pending]), deadline]);
    clearTimeout(timer);
  }
}
