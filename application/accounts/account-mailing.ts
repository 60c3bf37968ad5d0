// The two mails with links: a token issued (replacing the account's earlier
// one of that purpose), its link built on the public address, the mail sent.
import { displayName } from '../../domain/user/display-name';
import type { User } from '../../domain/user/user';
import type { AccountTokens } from '../ports/account-tokens';
import type { Mailer } from '../ports/mailer';

const HOUR = 60 * 60 * 1000;
/** A verification link works for 24 hours, a reset link for 1 hour; each once. */
export const LINK_LIFETIMES = { 'verify-email': 24 * HOUR, 'reset-password': HOUR } as const;

/** The pages the links open: the client's /verify-email and /reset-password, which send the token back. */
export function accountLink(publicUrl: string, page: 'verify-email' | 'reset-password', token: string): string {
  const url = new URL(page, publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`);
  url.searchParams.set('token', token);
  return url.toString();
}

export class AccountMailing {
  constructor(
    private readonly tokens: AccountTokens,
    private readonly mailer: Mailer,
    /** The app's address as students reach it (PUBLIC_URL): links in mails must be absolute. */
    private readonly publicUrl: string,
  ) {}

  sendVerification(user: User): Promise<void> {
    return this.send(user, 'verify-email');
  }

  sendPasswordReset(user: User): Promise<void> {
    return this.send(user, 'reset-password');
  }

  private async send(user: User, kind: 'verify-email' | 'reset-password'): Promise<void> {
    const token = await this.tokens.issue(user.id, kind, LINK_LIFETIMES[kind]);
    await this.mailer.send({ kind, to: { email: user.email, name: displayName(user) }, link: accountLink(this.publicUrl, kind, token) });
  }
}
