// The two mails with links: a token issued (replacing the account's earlier
// one of that purpose), its link built on the public address, the mail sent.
// A mail carries the address, the link and the product's own words: nothing
// a sign-up chose (names, username), since whoever signed up may not own the
// mailbox. Several accounts may mail one address (accounts waiting to claim
// it beside the one holding it), so mails to one address are capped together.
import { canonicalName } from '@domain/user/canonical-name';
import type { User } from '@domain/user/user';
import type { AccountTokenPurpose, AccountTokens } from '@application/ports/account-tokens';
import type { Mailer } from '@application/ports/mailer';
import type { RateLimiter, RateRule } from '@application/ports/rate-limiter';

const HOUR = 60 * 60 * 1000;
/** A verification link works for 24 hours, a reset link for 1 hour; each once. */
const LINK_LIFETIMES = { 'verify-email': 24 * HOUR, 'reset-password': HOUR } as const;

/** Account mails (verification and reset) to one address an hour, whichever accounts ask. */
export const ADDRESS_MAIL_RULE: RateRule = { name: 'account-mail-address', points: 10, windowMs: HOUR };
/** The same work for a request that sends nothing, on counters no address shares. */
const REHEARSAL_RULE: RateRule = { ...ADDRESS_MAIL_RULE, name: 'account-mail-rehearsal' };

export type MailOutcome = { sent: true } | { sent: false; retryAfterMs: number };

/** The pages the links open: the client's /verify-email and /reset-password, which send the token back. */
function accountLink(publicUrl: string, page: AccountTokenPurpose, token: string): string {
  const url = new URL(page, publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`);
  url.searchParams.set('token', token);
  return url.toString();
}

export class AccountMailing {
  constructor(
    private readonly tokens: AccountTokens,
    private readonly mailer: Mailer,
    private readonly limiter: RateLimiter,
    /** The app's address as students reach it (PUBLIC_URL): links in mails must be absolute. */
    private readonly publicUrl: string,
  ) {}

  sendVerification(user: User): Promise<MailOutcome> {
    return this.send(user, 'verify-email');
  }

  sendPasswordReset(user: User): Promise<MailOutcome> {
    return this.send(user, 'reset-password');
  }

  /** The work of a send that mails nothing (an unknown account asked for by `name`), so both take about as long. */
  async rehearse(kind: AccountTokenPurpose, name: string): Promise<void> {
    await this.limiter.consume(REHEARSAL_RULE, name);
    await this.tokens.rehearse(kind);
  }

  private async send(user: User, kind: AccountTokenPurpose): Promise<MailOutcome> {
    const byAddress = await this.limiter.consume(ADDRESS_MAIL_RULE, canonicalName(user.email));
    if (!byAddress.allowed) {
      await this.tokens.rehearse(kind);
      return { sent: false, retryAfterMs: byAddress.retryAfterMs };
    }
    const token = await this.tokens.issue(user.id, kind, LINK_LIFETIMES[kind]);
    await this.mailer.send({ kind, to: { email: user.email }, link: accountLink(this.publicUrl, kind, token) });
    return { sent: true };
  }
}
