/**
 * Red-team probes for what an erased person, or an export, leaves behind in a production-mode app (a
 * child process on SQLite, LOG_LEVEL=http): admin searches by e-mail and phone in every URL shape the
 * admin API takes, then the erasure, then every line the process wrote and the bytes of its database
 * file are searched for the person; and CSV exports of megabytes abandoned by their client after a few
 * rows, whose audit must say so with the rows sent until then.
 */
import { randomInt } from 'crypto';
import fs from 'fs';
import { get as httpGet } from 'http';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productionEnvironment, sqliteFile, startAppProcess, type AppProcess } from '../helpers/app-process';
import { eventually } from '../helpers/eventually';
import { recordFigures } from './figures';

const ADMIN = { email: 'traces-admin@test.local', password: 'Traces-Admin-Passw0rd' };
const CONTACT = 'api::contact.contact';
const LEADS = 1000;
/** Rows an abandoning client reads before it leaves. */
const LEAVES_AFTER = [16, 64, 256];

const database = sqliteFile();
let app: AppProcess;
let token: string;

beforeAll(async () => {
  app = await startAppProcess(
    productionEnvironment(database.env, { LOG_LEVEL: 'http', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, CONTACT_RATE_LIMIT_MAX: String(LEADS * 2) })
  );
  token = (await call('/admin/login', { method: 'POST', body: JSON.stringify(ADMIN) })).body.data.token;
});
afterAll(async () => {
  await app?.stop();
  database.remove();
});

async function call(path: string, init: RequestInit = {}, bearer?: string): Promise<{ status: number; body: any }> {
  const res = await fetch(`http://127.0.0.1:${app.port}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
  });
  const text = await res.text();
  return { status: res.status, body: text.startsWith('{') ? JSON.parse(text) : text };
}

/** Every way an admin (or a script with an admin's token) may put a person in a URL of the admin API. */
function adminUrls(email: string, mobile: string, local: string): string[] {
  const list = `/content-manager/collection-types/${CONTACT}`;
  const encoded = encodeURIComponent(email);
  return [
    `${list}?page=1&pageSize=10&sort=createdAt:DESC&_q=${encoded}`,
    `${list}?_q=${email}`,
    `${list}?_q=${local}`,
    `${list}?filters[$and][0][email][$eq]=${email}`,
    `${list}?filters[$and][0][email][$eqi]=${email.toUpperCase()}`,
    `${list}?filters[$and][0][mobile][$contains]=${encodeURIComponent(mobile)}`,
    `${list}?filters[$or][0][mobile][$contains]=${local}&filters[$or][1][email][$containsi]=${encoded}`,
    `${list}?filters%5B%24and%5D%5B0%5D%5Bemail%5D%5B%24eq%5D=${encoded}`,
    `${list.toUpperCase().replace('API::CONTACT.CONTACT', CONTACT)}?_q=${encoded}`,
    `/content-manager/collection-types/${CONTACT}/actions/countManyEntriesDraftRelations?filters[email][$eq]=${encoded}`,
    `/admin/users?_q=${encoded}`,
    `/contacts-export/contacts.csv?from=${encoded}`,
    `/admin/no-such-route?email=${encoded}&phone=${encodeURIComponent(mobile)}`,
    `/leads/summary?who=${encoded}`,
  ];
}

/** Starts an export, reads until `rows` rows have come and closes the connection; the complete rows it got. */
function abandonedExport(path: string, rows: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpGet({ host: '127.0.0.1', port: app.port, path, headers: { Authorization: `Bearer ${token}` }, agent: false }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`export answered ${res.statusCode}`));
      let lines = 0;
      res.on('data', (chunk: Buffer) => {
        for (let at = chunk.indexOf('\r\n'); at !== -1; at = chunk.indexOf('\r\n', at + 2)) lines += 1;
        const received = lines - 1;
        if (received < rows) return;
        request.destroy();
        resolve(received);
      });
    });
    request.on('error', () => undefined);
  });
}

const csvExports = async () =>
  ((await call('/personal-data/audit', {}, token)).body.data as Array<{ action: string; rows: number; outcome: string }>).filter((record) => record.action === 'csv-export');

describe('personal-data traces', () => {
  it('leaves no trace of an erased person in the log or the database file, and audits every abandoned export', async () => {
    const local = String(randomInt(1_000_000, 9_999_999));
    const person = { email: `traced.${local}@Example.com`, mobile: `+971 5${local[0]} ${local.slice(1, 4)} ${local.slice(4)}` };
    const lead = await call('/api/v1/contact-us', {
      method: 'POST',
      body: JSON.stringify({ first_name: 'Noor', email: person.email, mobile: person.mobile, message: `Please call me. ${'About the villa. '.repeat(20)}` }),
    });
    expect(lead.status).toBe(201);

    const urls = adminUrls(person.email, person.mobile, local);
    const statuses: Record<string, number> = {};
    for (const url of urls) {
      const { status } = await call(url, {}, token);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
    const erased = await call('/personal-data/erase', { method: 'POST', body: JSON.stringify({ email: person.email }) }, token);
    expect(erased.body.data.leads).toBe(1);

    const lines = () => app.output().split('\n');
    await eventually(() => expect(lines().some((line) => line.includes('POST /personal-data/erase'))).toBe(true));
    const traces = [person.email.toLowerCase(), encodeURIComponent(person.email).toLowerCase(), local];
    const holding = lines().filter((line) => traces.some((trace) => line.toLowerCase().includes(trace)));

    // The child's file as a second connection on its WAL: the checkpoint puts every page in the file.
    const db = new Database(database.env.DATABASE_FILENAME);
    const checkpoint = db.pragma('wal_checkpoint(TRUNCATE)') as Array<{ busy: number }>;
    db.close();
    const bytes = fs.readFileSync(database.env.DATABASE_FILENAME);
    const fileHits = [person.email, person.mobile, local].filter((trace) => bytes.includes(Buffer.from(trace))).length;

    // Leads enough for an export of megabytes.
    const message = 'A long enquiry about a penthouse in Downtown Dubai. '.repeat(60);
    for (let first = 0; first < LEADS; first += 20) {
      await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          call('/api/v1/contact-us', { method: 'POST', body: JSON.stringify({ first_name: `Bulk ${first + index}`, email: `bulk${first + index}@example.com`, mobile: '+971501234567', message }) })
        )
      );
    }
    const complete = await call('/contacts-export/contacts.csv', {}, token);
    const exportedRows = String(complete.body).trimEnd().split('\r\n').length - 1;
    const received: number[] = [];
    for (const rows of LEAVES_AFTER) received.push(await abandonedExport('/contacts-export/contacts.csv', rows));
    const audited = await eventually(async () => {
      const records = await csvExports();
      expect(records.filter((record) => record.outcome !== 'started')).toHaveLength(LEAVES_AFTER.length + 1);
      return records;
    });
    // Newest first in the audit: the abandoned exports in the order they ran.
    const abandoned = audited.slice(0, LEAVES_AFTER.length).reverse();
    const aborted = abandoned.filter((record) => record.outcome === 'aborted');

    const figures = {
      admin_urls_with_the_person: urls.length,
      their_statuses: statuses,
      http_log_lines: lines().filter((line) => / \(\d+ ms\) \d{3}/.test(line)).length,
      log_lines_with_the_person_after_erasure: holding.length,
      checkpoint_busy: checkpoint[0].busy,
      database_file_hits_after_erasure: fileHits,
      export_rows: exportedRows,
      export_bytes: String(complete.body).length,
      completed_export_audited_rows: audited.find((record) => record.outcome === 'completed')?.rows,
      abandoned_exports: LEAVES_AFTER.length,
      audited_as_aborted: aborted.length,
      rows_received_before_leaving: received,
      audited: abandoned.map((record) => `${record.outcome}: ${record.rows}`),
    };
    recordFigures('personal-data traces', figures);

    expect(holding).toEqual([]);
    expect(checkpoint[0].busy).toBe(0);
    expect(fileHits).toBe(0);
    expect(figures.completed_export_audited_rows).toBe(exportedRows);
    expect(aborted.length).toBeGreaterThan(0);
    // Aborted with the rows handed to the connection until then; or completed when every row had been
    // handed over (to the kernel's buffers) before the client left, which the service cannot tell apart.
    for (const [index, record] of abandoned.entries()) {
      if (record.outcome === 'completed') expect(record.rows).toBe(exportedRows);
      else expect(record).toMatchObject({ outcome: 'aborted', rows: expect.toSatisfy((rows: number) => rows >= received[index] && rows < exportedRows) });
    }
  });
});
