/**
 * A real HTTP server standing in for a CRM: it keeps every lead webhook it receives and answers what
 * the test scripted for that lead's e-mail address (a list of statuses, then 200), or holds the request
 * unanswered ('hold') until the connection drops, so a test can kill the sender mid-send.
 */
import http, { type IncomingHttpHeaders } from 'http';
import type { AddressInfo } from 'net';
import { eventually } from './eventually';

export const WEBHOOK_SECRET = 'test-webhook-secret-0123456789abcdef';

export interface ReceivedHook {
  headers: IncomingHttpHeaders;
  body: string;
  /** The lead's e-mail in the body; `erased:<lead id>` for an erasure event; '' when the body is neither. */
  email: string;
  answered: number | 'hold';
}

export type Answer = number | 'hold';

export interface WebhookReceiver {
  url: string;
  /** How long every answer waits (a slow CRM). */
  delayMs: number;
  received: ReceivedHook[];
  /** The next answers for leads of `email` (or `erased:<lead id>`), in order; 200 once they are used up. */
  script(email: string, answers: Answer[]): void;
  hooksFor(email: string): ReceivedHook[];
  waitFor(email: string, count: number, timeoutMs?: number): Promise<ReceivedHook[]>;
  close(): Promise<void>;
}

function leadEmail(body: string): string {
  try {
    const parsed = JSON.parse(body) as { event?: string; lead?: { id?: number; email?: string } };
    if (parsed.event === 'lead.erased') return `erased:${parsed.lead?.id}`;
    return String(parsed.lead?.email ?? '');
  } catch {
    return '';
  }
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedHook[] = [];
  const scripts = new Map<string, Answer[]>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const email = leadEmail(body);
      const answered = scripts.get(email)?.shift() ?? 200;
      received.push({ headers: req.headers, body, email, answered });
      if (answered === 'hold') return;
      setTimeout(() => res.writeHead(answered, { 'Content-Type': 'application/json' }).end('{}'), receiver.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const hooksFor = (email: string) => received.filter((hook) => hook.email === email);
  const receiver: WebhookReceiver = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/leads`,
    delayMs: 0,
    received,
    script: (email, answers) => scripts.set(email, [...answers]),
    hooksFor,
    waitFor: (email, count, timeoutMs = 15_000) =>
      eventually(
        () => {
          const hooks = hooksFor(email);
          if (hooks.length < count) throw new Error(`${count} webhook requests for ${email} did not arrive within ${timeoutMs} ms (got ${hooks.length})`);
          return hooks;
        },
        { timeoutMs }
      ),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return receiver;
}
