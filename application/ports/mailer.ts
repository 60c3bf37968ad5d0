// The mails the product sends to students. The port says what a mail is for;
// the adapters write it (plain text and HTML, with the product's name) and
// deliver it: over SMTP, into an outbox folder, or into memory for tests.
import type { DigestQuote } from './mail-digest-inbox';

/** The address only: a mail names nobody, since whoever signed up with an address may not own the mailbox. */
interface MailRecipient {
  email: string;
}

export type AccountMail =
  /** After sign-up or Resend: the link that verifies the address (valid 24 hours). */
  | { kind: 'verify-email'; to: MailRecipient; link: string }
  /** Forgot password: the link to a new-password form (valid 1 hour). */
  | { kind: 'reset-password'; to: MailRecipient; link: string };

export interface Mailer {
  /** Resolves once the mail is handed over (to the SMTP server, the outbox, a queue); rejects when it could not be. */
  send(mail: AccountMail): Promise<void>;
}

/** One entry of a digest, as the mail shows it: every text as the students wrote it (the mail escapes it). */
export interface DigestItem {
  title: string;
  summary: string;
  quotes: DigestQuote[];
  /** The absolute address of what it is about in the app. */
  link: string;
}

/** A student's mail digest (docs/decisions/0122-mail-digests.md). */
export interface DigestMail {
  to: MailRecipient;
  /** Names this digest: the same for a retry of it, so the adapter writes the same Message-ID. */
  id: string;
  items: DigestItem[];
  /** Their notification choices on /profile. */
  preferencesLink: string;
  /** The signed one-click address (RFC 8058) for List-Unsubscribe: a POST turns their notification mail off. */
  unsubscribeLink: string;
}

export interface DigestMailer {
  /** Resolves once the SMTP server (or the outbox) took the digest; rejects when it could not, so the job runs again. */
  sendDigest(mail: DigestMail): Promise<void>;
}
