/**
 * GET /contacts-export/contacts.csv (admin API): every contact submission as CSV, for editors.
 * Admin-authenticated (the admin panel's session token) and limited to admins who may read contact
 * submissions in the Content Manager. Optional `from` / `to` (ISO dates) bound `created_at`.
 * Rows are streamed in id order, 500 at a time, so memory stays flat however many leads there are.
 */
import { Readable } from 'stream';
import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { errors } from '@strapi/utils';
import { csvHeader, csvLine, type ContactRow } from './lib/csv';
import { CONTACT_UID } from './services/contact';

const BATCH_SIZE = 500;

function dateParam(ctx: Context, name: 'from' | 'to'): Date | undefined {
  const raw = ctx.query[name];
  if (raw === undefined || raw === '') return undefined;
  const date = typeof raw === 'string' ? new Date(raw) : new Date(NaN);
  // Admin routes answer in Strapi's own error format, which the admin panel understands.
  if (Number.isNaN(date.getTime())) throw new errors.ValidationError(`The ${name} date must be an ISO date, e.g. 2026-01-31`);
  return date;
}

async function* csvRows(strapi: Core.Strapi, createdAt: Record<string, Date>): AsyncGenerator<string> {
  yield csvHeader();
  let lastId = 0;
  for (;;) {
    const rows = (await strapi.db.query(CONTACT_UID).findMany({
      where: { id: { $gt: lastId }, ...(Object.keys(createdAt).length ? { createdAt } : {}) },
      orderBy: { id: 'asc' },
      limit: BATCH_SIZE,
    })) as ContactRow[];
    for (const row of rows) yield csvLine(row);
    if (rows.length < BATCH_SIZE) return;
    lastId = rows[rows.length - 1].id;
  }
}

export function registerContactExportRoute(strapi: Core.Strapi): void {
  strapi.server.routes({
    type: 'admin',
    prefix: '',
    routes: [
      {
        method: 'GET',
        path: '/contacts-export/contacts.csv',
        info: { apiName: 'contact', type: 'admin' },
        handler: async (ctx: Context) => {
          const createdAt: Record<string, Date> = {};
          const from = dateParam(ctx, 'from');
          const to = dateParam(ctx, 'to');
          if (from) createdAt.$gte = from;
          if (to) createdAt.$lte = to;
          const stamp = new Date().toISOString().slice(0, 10);
          ctx.set('Content-Disposition', `attachment; filename="contacts-${stamp}.csv"`);
          ctx.type = 'text/csv; charset=utf-8';
          ctx.body = Readable.from(csvRows(strapi, createdAt));
        },
        config: {
          policies: [
            'admin::isAuthenticatedAdmin',
            { name: 'admin::hasPermissions', config: { actions: [['plugin::content-manager.explorer.read', CONTACT_UID]] } },
          ],
        },
      },
    ],
  });
}
