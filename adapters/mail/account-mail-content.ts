// What the account mails say: a subject, a plain-text part and an HTML part,
// each naming the product. A mail holds the product's words and the link,
// nothing a sign-up typed (its names could be "Click here" or an address of
// another site, mailed to whoever owns the UF mailbox). The HTML part escapes
// everything it shows.
import escapeHtml from 'escape-html';
import type { AccountMail } from '@application/ports/mailer';

const PRODUCT_NAME = 'Study Swamp';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

interface Wording {
  subject: string;
  lead: string;
  button: string;
  validity: string;
  ignore: string;
}

const WORDING: Record<AccountMail['kind'], Wording> = {
  'verify-email': {
    subject: `Verify your UF email address for ${PRODUCT_NAME}`,
    lead: `Welcome to ${PRODUCT_NAME}! Open this link to verify your UF email address:`,
    button: 'Verify my email address',
    validity: 'The link works once, for 24 hours. You can ask for a new one from the banner in the app.',
    ignore: `If you did not create a ${PRODUCT_NAME} account, you can ignore this email.`,
  },
  'reset-password': {
    subject: `Reset your ${PRODUCT_NAME} password`,
    lead: `Someone (we hope you) asked to reset the password of your ${PRODUCT_NAME} account. Open this link to choose a new one:`,
    button: 'Choose a new password',
    validity: 'The link works once, for 1 hour. Setting a new password signs your account out everywhere else.',
    ignore: 'If you did not ask, you can ignore this email: your password stays as it is.',
  },
};

export function accountMailContent(mail: AccountMail): MailContent {
  const words = WORDING[mail.kind];
  const text = ['Hello,', '', words.lead, '', mail.link, '', words.validity, '', words.ignore, '', `-- ${PRODUCT_NAME}`, ''].join('\n');
  const link = escapeHtml(mail.link);
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(words.subject)}</title></head>
<body style="font-family: Arial, sans-serif; color: #1b2a22; line-height: 1.5;">
<p>Hello,</p>
<p>${escapeHtml(words.lead)}</p>
<p><a href="${link}" style="display: inline-block; padding: 10px 16px; background: #1f6f43; color: #ffffff; text-decoration: none; border-radius: 6px;">${escapeHtml(words.button)}</a></p>
<p>Or copy this address into your browser:<br><a href="${link}">${link}</a></p>
<p>${escapeHtml(words.validity)}</p>
<p>${escapeHtml(words.ignore)}</p>
<p>&mdash; ${escapeHtml(PRODUCT_NAME)}</p>
</body>
</html>
`;
  return { subject: words.subject, text, html };
}
