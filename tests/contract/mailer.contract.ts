// One behaviour for every Mailer adapter: the mail reaches its address from
// MAIL_FROM, names the product, and has a plain-text and an HTML part, each
// with the link, which the HTML escapes.
import { describe, expect, it } from 'vitest';
import type { AccountMail, Mailer } from '@application/ports/mailer';

interface DeliveredMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailerUnderTest {
  mailer: Mailer;
  /** Every mail delivered so far, read back the way a mail client would. */
  delivered(): Promise<DeliveredMail[]>;
}

export const FROM_ADDRESS = 'no-reply@swamp.example.edu';

export function mailerContract(makeMailer: () => Promise<MailerUnderTest>) {
  describe('Mailer contract', () => {
    const cases: AccountMail[] = [
      { kind: 'verify-email', to: { email: 'alice@ufl.edu' }, link: 'https://swamp.example.edu/verify-email?token=abc_DEF-123' },
      { kind: 'reset-password', to: { email: 'bob@ufl.edu' }, link: 'https://swamp.example.edu/reset-password?token=xyz' },
    ];
    for (const mail of cases) {
      it(`delivers a ${mail.kind} mail with a text and an HTML part, each with the link`, async () => {
        const { mailer, delivered } = await makeMailer();
        await mailer.send(mail);
        const [got] = (await delivered()).filter((m) => m.to.includes(mail.to.email));
        expect(got.from).toContain(FROM_ADDRESS);
        expect(got.subject).toContain('Study Swamp');
        expect(got.text).toContain(mail.link);
        expect(got.text).toMatch(/^Hello,$/m);
        expect(got.html).toContain(`href="${mail.link}"`);
        expect(got.html).toContain('Study Swamp');
      });
    }

    it('escapes the link in the HTML part', async () => {
      const { mailer, delivered } = await makeMailer();
      await mailer.send({
        kind: 'verify-email',
        to: { email: 'eve@ufl.edu' },
        link: 'https://swamp.example.edu/verify-email?token=a&b="c"',
      });
      const [got] = (await delivered()).filter((m) => m.to.includes('eve@ufl.edu'));
      expect(got.html).toContain('href="https://swamp.example.edu/verify-email?token=a&amp;b=&quot;c&quot;"');
    });
  });
}
