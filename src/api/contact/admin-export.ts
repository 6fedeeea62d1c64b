/**
 * GET /contacts-export/contacts.csv (admin API): contact submissions as CSV, for editors. Exactly what
 * the Content Manager shows the calling admin: the rows their role's read permission allows (its
 * conditions included, e.g. the Author role's "is creator"), the columns of the fields it lets them
 * read, through the Content Manager's own permission checker. Optional `from` / `to` (ISO dates; a date
 * alone is the whole day) bound `created_at`. Rows are streamed in id order, 500 at a time, so memory
 * stays flat however many leads there are. Each export is in the personal-data audit (who, when, the
 * dates asked for, how many rows), written once the last row is sent.
 */
import { Readable } from 'stream';
import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { errors } from '@strapi/utils';
import { leadReader, type Filters, type LeadReader } from './admin-permissions';
import { CSV_COLUMNS, csvHeader, csvLine, type ContactRow, type CsvColumn } from './lib/csv';
import { exportRange } from './lib/export-range';
import { CONTACT_UID } from './lib/lead-type';
import { personalDataAudit } from './personal-data';

const BATCH_SIZE = 500;

function dateFilters(ctx: Context): Filters {
  const range = exportRange(ctx.query.from, ctx.query.to);
  // Admin routes answer in Strapi's own error format, which the admin panel understands.
  if (!range.ok) throw new errors.ValidationError(range.message);
  const createdAt = Object.fromEntries(Object.entries(range.createdAt).map(([operator, date]) => [operator, date.toISOString()]));
  return Object.keys(createdAt).length ? { createdAt } : {};
}

async function* csvRows(strapi: Core.Strapi, reader: LeadReader, filters: Filters, columns: CsvColumn[], sent: (rows: number) => Promise<void>): AsyncGenerator<string> {
  yield csvHeader(columns);
  let lastId = 0;
  let count = 0;
  for (;;) {
    const rows = await strapi.documents(CONTACT_UID).findMany({
      filters: { $and: [filters, { id: { $gt: lastId } }] },
      sort: 'id:asc',
      limit: BATCH_SIZE,
    });
    for (const row of rows) yield csvLine(await reader.visible(row as unknown as ContactRow), columns);
    count += rows.length;
    if (rows.length < BATCH_SIZE) break;
    lastId = Number(rows[rows.length - 1].id);
  }
  await sent(count);
}

async function exportContacts(strapi: Core.Strapi, ctx: Context): Promise<void> {
  const reader = leadReader(strapi, ctx);
  const filters = await reader.permittedFilters(dateFilters(ctx));
  const columns = CSV_COLUMNS.filter(({ attribute }) => reader.mayReadField(attribute));

  const stamp = new Date().toISOString().slice(0, 10);
  ctx.set('Content-Disposition', `attachment; filename="contacts-${stamp}.csv"`);
  ctx.type = 'text/csv; charset=utf-8';
  const range = { from: ctx.query.from ?? null, to: ctx.query.to ?? null };
  const audit = (rows: number) => personalDataAudit(strapi).record('csv-export', ctx.state.user?.id, range, rows);
  ctx.body = Readable.from(csvRows(strapi, reader, filters, columns, audit));
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
        handler: (ctx: Context) => exportContacts(strapi, ctx),
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
