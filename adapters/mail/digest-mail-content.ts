// What a mail digest says: each entry's title and line, the messages it
// quotes ("author: text"), a link into the room or group, and at the foot the
// link to the student's notification choices. Group names and messages are
// the students' own words: the HTML part escapes every one of them, and no
// student's text reaches the subject. The one-click unsubscribe address goes
// in the headers only (nodemailer-mailer.ts): it takes a POST, which a link
// in the body cannot make.
import escapeHtml from 'escape-html';
import type { DigestItem, DigestMail } from '@application/ports/mailer';
import type { MailContent } from './account-mail-content';

const PRODUCT_NAME = 'Study Swamp';
/** A quoted message longer than this is cut (the link opens the whole). */
const QUOTE_CHARS = 300;

const cut = (text: string) => (text.length > QUOTE_CHARS ? `${text.slice(0, QUOTE_CHARS - 1)}…` : text);

function subjectOf(mail: DigestMail): string {
  const n = mail.items.length;
  return `${n} new notification${n === 1 ? '' : 's'} on ${PRODUCT_NAME}`;
}

function itemText(item: DigestItem): string[] {
  return [item.title, item.summary, ...item.quotes.map((q) => `  ${q.author}: ${cut(q.text)}`), `Open: ${item.link}`, ''];
}

function itemHtml(item: DigestItem): string {
  const quotes = item.quotes.length
    ? `<ul style="margin: 4px 0; padding-left: 18px; color: #3c4a41;">${item.quotes
        .map((q) => `<li><strong>${escapeHtml(q.author)}:</strong> ${escapeHtml(cut(q.text))}</li>`)
        .join('')}</ul>`
    : '';
  return `<div style="margin: 0 0 16px;">
<h2 style="font-size: 16px; margin: 0 0 4px;">${escapeHtml(item.title)}</h2>
<p style="margin: 0;">${escapeHtml(item.summary)}</p>
${quotes}<p style="margin: 4px 0 0;"><a href="${escapeHtml(item.link)}" style="color: #1f6f43;">Open in ${PRODUCT_NAME}</a></p>
</div>`;
}

export function digestMailContent(mail: DigestMail): MailContent {
  const subject = subjectOf(mail);
  const foot = `You get this because mail notifications are on for your account. Change what is mailed to you, and how often:`;
  const text = [
    'Hello,',
    '',
    `Here is what happened on ${PRODUCT_NAME} since your last digest:`,
    '',
    ...mail.items.flatMap(itemText),
    '--',
    foot,
    mail.preferencesLink,
    "Or use your mail app's Unsubscribe button to turn all notification mail off.",
    '',
    `-- ${PRODUCT_NAME}`,
    '',
  ].join('\n');
  const preferences = escapeHtml(mail.preferencesLink);
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family: Arial, sans-serif; color: #1b2a22; line-height: 1.5;">
<p>Hello,</p>
<p>Here is what happened on ${escapeHtml(PRODUCT_NAME)} since your last digest:</p>
${mail.items.map(itemHtml).join('\n')}
<hr style="border: none; border-top: 1px solid #d5ddd8;">
<p style="font-size: 13px; color: #55645b;">${escapeHtml(foot)} <a href="${preferences}">${preferences}</a><br>
Or use your mail app's Unsubscribe button to turn all notification mail off.</p>
<p>&mdash; ${escapeHtml(PRODUCT_NAME)}</p>
</body>
</html>
`;
  return { subject, text, html };
}
