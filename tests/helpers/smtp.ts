/**
 * A real SMTP server on an ephemeral port that keeps what it receives, so tests can read the
 * notification e-mails the app sends through its nodemailer provider. `rejectMail` makes it refuse a
 * message; `down` makes it turn every connection away (421 "service not available"), as a mail server
 * that is down for maintenance does; `stall` makes it never answer MAIL FROM (a sender stays stuck
 * mid-conversation), counting such conversations in `stalled`.
 */
import type { AddressInfo } from 'net';
import { SMTPServer } from 'smtp-server';
import { eventually } from './eventually';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

export const smtp = {
  received: [] as ReceivedMail[],
  rejectMail: false,
  down: false,
  stall: false,
  stalled: 0,
  port: 0,
};

export async function startSmtpServer(): Promise<number> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      callback(smtp.down ? Object.assign(new Error('Service not available, try again later'), { responseCode: 421 }) : undefined);
    },
    onMailFrom(_address, _session, callback) {
      if (smtp.stall) {
        smtp.stalled += 1;
        return;
      }
      callback(smtp.rejectMail ? Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }) : undefined);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        smtp.received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  smtp.port = (server.server.address() as AddressInfo).port;
  return smtp.port;
}

/** Waits (up to `timeoutMs`) for a received message that satisfies `match`. */
export function waitForMail(match: (mail: ReceivedMail) => boolean, timeoutMs = 20_000): Promise<ReceivedMail> {
  return eventually(
    () => {
      const found = smtp.received.find(match);
      if (!found) throw new Error(`no matching e-mail arrived within ${timeoutMs} ms`);
      return found;
    },
    { timeoutMs, intervalMs: 50 }
  );
}

/** A mail's decoded text parts and subject (nodemailer writes quoted-printable or base64 parts). */
export function mailText(mail: ReceivedMail): string {
  const decodeWords = (value: string) =>
    value.replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' '))
    );
  const parts = mail.raw.split(/\r?\n--[^\r\n]+\r?\n/);
  return parts
    .map((part) => {
      const [head, ...rest] = part.split(/\r?\n\r?\n/);
      const body = rest.join('\n\n');
      if (/content-transfer-encoding:\s*base64/i.test(head)) return `${decodeWords(head)}\n${Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')}`;
      if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) return `${decodeWords(head)}\n${decodeQuotedPrintable(body)}`;
      return decodeWords(part);
    })
    .join('\n');
}

/** A mail's leaf parts, each with its content type and decoded body. */
export function mailParts(mail: ReceivedMail): Array<{ type: string; body: string }> {
  return mail.raw.split(/\r?\n--[^\r\n]+\r?\n/).flatMap((part) => {
    const [head, ...rest] = part.split(/\r?\n\r?\n/);
    const type = /^content-type:\s*([^;\s]+)/im.exec(head)?.[1].toLowerCase();
    if (!type || type.startsWith('multipart/')) return [];
    const body = rest.join('\n\n');
    if (/content-transfer-encoding:\s*base64/i.test(head)) return [{ type, body: Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') }];
    if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) return [{ type, body: decodeQuotedPrintable(body) }];
    return [{ type, body }];
  });
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`);
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
}

/** The link of the newest e-mail to `email` that carries `?param=`, from the mails received after index `after`. */
export async function mailedLink(email: string, param: string, after = 0): Promise<{ url: URL; text: string }> {
  const pattern = new RegExp(`https?://[^\\s"<>]+\\?${param}=[^\\s"<>]+`);
  const mail = await waitForMail((m) => smtp.received.indexOf(m) >= after && m.to.includes(email) && pattern.test(mailText(m)));
  const text = mailText(mail);
  return { url: new URL(text.match(pattern)![0].replace(/&amp;/g, '&')), text };
}
