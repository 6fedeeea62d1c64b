/**
 * GET /contacts-export/contacts.csv (admin API): contact submissions as CSV, for editors. Exactly what
 * the Content Manager shows the calling admin: the rows their role's read permission allows (its
 * conditions included, e.g. the Author role's "is creator"), the columns of the fields it lets them
 * read, through the Content Manager's own permission checker. Optional `from` / `to` (ISO dates; a date
 * alone is the whole day) bound `created_at`. Rows are streamed in id order, 500 at a time, so memory
 * stays flat however many leads there are.
 */
import { Readable } from 'stream';
import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { errors } from '@strapi/utils';
import { CSV_COLUMNS, csvHeader, csvLine, type ContactRow, type CsvColumn } from './lib/csv';
import { exportRange } from './lib/export-range';
import { CONTACT_UID } from './services/contact';

const BATCH_SIZE = 500;
/** Shown to every admin who may read contacts at all, as in the Content Manager. */
const ALWAYS_READABLE = new Set(['id', 'createdAt']);

type Filters = Record<string, unknown>;

/** The slice of the Content Manager's permission checker used here (Strapi does not type its services). */
interface PermissionChecker {
  can: { read(entity?: unknown, field?: string): boolean };
  cannot: { read(): boolean };
  sanitizedQuery: { read(query: { filters: Filters }): Promise<{ filters?: Filters }> };
  sanitizeOutput(row: unknown): Promise<Partial<ContactRow>>;
}

function permissionChecker(strapi: Core.Strapi, ctx: Context): PermissionChecker {
  const checkers = strapi.plugin('content-manager').service('permission-checker') as {
    create(options: { userAbility: unknown; model: string }): PermissionChecker;
  };
  return checkers.create({ userAbility: ctx.state.userAbility, model: CONTACT_UID });
}

function dateFilters(ctx: Context): Filters {
  const range = exportRange(ctx.query.from, ctx.query.to);
  // Admin routes answer in Strapi's own error format, which the admin panel understands.
  if (!range.ok) throw new errors.ValidationError(range.message);
  const createdAt = Object.fromEntries(Object.entries(range.createdAt).map(([operator, date]) => [operator, date.toISOString()]));
  return Object.keys(createdAt).length ? { createdAt } : {};
}

async function* csvRows(strapi: Core.Strapi, checker: PermissionChecker, filters: Filters, columns: CsvColumn[]): AsyncGenerator<string> {
  yield csvHeader(columns);
  let lastId = 0;
  for (;;) {
    const rows = await strapi.documents(CONTACT_UID).findMany({
      filters: { $and: [filters, { id: { $gt: lastId } }] },
      sort: 'id:asc',
      limit: BATCH_SIZE,
    });
    for (const row of rows) yield csvLine(await checker.sanitizeOutput(row), columns);
    if (rows.length < BATCH_SIZE) return;
    lastId = Number(rows[rows.length - 1].id);
  }
}

async function exportContacts(strapi: Core.Strapi, ctx: Context): Promise<void> {
  const checker = permissionChecker(strapi, ctx);
  if (checker.cannot.read()) throw new errors.ForbiddenError('You may not read contact submissions');
  const permitted = await checker.sanitizedQuery.read({ filters: dateFilters(ctx) });
  const columns = CSV_COLUMNS.filter(({ attribute }) => ALWAYS_READABLE.has(attribute) || checker.can.read(undefined, attribute));

  const stamp = new Date().toISOString().slice(0, 10);
  ctx.set('Content-Disposition', `attachment; filename="contacts-${stamp}.csv"`);
  ctx.type = 'text/csv; charset=utf-8';
  ctx.body = Readable.from(csvRows(strapi, checker, permitted.filters ?? {}, columns));
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
