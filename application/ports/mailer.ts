// The mails the product sends to students. The port says what a mail is for;
// the adapters write it (plain text and HTML, with the product's name) and
// deliver it: over SMTP, into an outbox folder, or into memory for tests.

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
