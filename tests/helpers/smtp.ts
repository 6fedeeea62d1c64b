/**
 * A real SMTP server on an ephemeral port that keeps what it receives, so tests can read the
 * notification e-mails the app sends through its nodemailer provider. `rejectMail` makes it refuse a
 * message; `down` makes it turn every connection away (421 "service not available"), as a mail server
 * that is down for maintenance does.
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
