// A real SMTP server in the test's own process (the smtp-server package), the
// peer the app's SMTP client talks to: every mail it accepts is parsed with
// mailparser and kept, so a test reads what a student's inbox would get.
import type { AddressInfo } from 'node:net';
import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** How long a wait for a mail may take (it is sent in the background; the machine may be loaded). */
const ARRIVAL_TIMEOUT_MS = 15_000;

export interface ReceivedMail {
  /** The envelope's recipients, lower-cased. */
  to: string[];
  /** The To header as written (a display name, if the sender gave one, and the address). */
  toHeader: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  /** The first link of the text part. */
  link: string;
  /** What the raw message said its parts were ("multipart/alternative"). */
  contentType: string;
  /** Every header as written (unfolded), by lower-case name: "list-unsubscribe", "message-id". */
  headers: Record<string, string>;
}

/** The raw header lines, unfolded, by lower-case name (the last one of a name wins). */
function rawHeaders(lines: readonly { key: string; line: string }[]): Record<string, string> {
  return Object.fromEntries(
    lines.map(({ key, line }) => [
      key,
      line
        .slice(line.indexOf(':') + 1)
        .replace(/\r?\n[ \t]+/g, ' ')
        .trim(),
    ]),
  );
}

function addressesOf(field: AddressObject | AddressObject[] | undefined): string {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list.map((a) => a.text).join(', ');
}

export class SmtpSink {
  private constructor(
    private readonly server: SMTPServer,
    readonly port: number,
    /** Every mail accepted so far, oldest first. */
    readonly mails: ReceivedMail[],
  ) {}

  static async start(): Promise<SmtpSink> {
    const mails: ReceivedMail[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        simpleParser(stream)
          .then((parsed) => {
            const text = parsed.text ?? '';
            mails.push({
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              toHeader: addressesOf(parsed.to),
              from: addressesOf(parsed.from),
              subject: parsed.subject ?? '',
              text,
              html: typeof parsed.html === 'string' ? parsed.html : '',
              link: /https?:\/\/\S+/.exec(text)?.[0] ?? '',
              contentType: (parsed.headers.get('content-type') as { value?: string } | undefined)?.value ?? '',
              headers: rawHeaders(parsed.headerLines),
            });
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return new SmtpSink(server, (server.server.address() as AddressInfo).port, mails);
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** The mails to this address so far. */
  to(address: string): ReceivedMail[] {
    return this.mails.filter((mail) => mail.to.includes(address.toLowerCase()));
  }

  /** Waits until `count` mails to the address have arrived (mail goes out in the background), and answers them. */
  async waitFor(address: string, count = 1): Promise<ReceivedMail[]> {
    const deadline = Date.now() + ARRIVAL_TIMEOUT_MS;
    for (;;) {
      const arrived = this.to(address);
      if (arrived.length >= count) return arrived;
      if (Date.now() > deadline) throw new Error(`${arrived.length} of ${count} mails to ${address} arrived`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
