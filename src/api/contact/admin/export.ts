/**
 * GET /contacts-export/contacts.csv (admin API): contact submissions as CSV, for editors. Exactly what
 * the Content Manager shows the calling admin: the rows their role's read permission allows (its
 * conditions included, e.g. the Author role's "is creator"), the columns of the fields it lets them
 * read, through the Content Manager's own permission checker. Optional `from` / `to` (ISO dates; a date
 * alone is the whole day) bound `created_at`. Rows are streamed in id order, 500 at a time, so memory
 * stays flat however many leads there are. Each export is in the personal-data audit (who, when, the
 * dates asked for), recorded before the first row goes out, then updated with the rows handed to the
 * connection and how it ended: completed, aborted (the client left half-way) or failed.
 */
import { finished, Readable } from 'stream';
import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { errors } from '@strapi/utils';
import { leadReader, type Filters, type LeadReader } from './permissions';
import { CSV_COLUMNS, csvHeader, csvLine, type ContactRow, type CsvColumn } from '../lib/csv';
import { exportRange } from '../lib/export-range';
import { CONTACT_UID } from '../lib/lead-type';
import { personalDataAudit, type AuditOutcome } from '../personal-data';

const BATCH_SIZE = 500;

function dateFilters(ctx: Context): Filters {
  const range = exportRange(ctx.query.from, ctx.query.to);
  // Admin routes answer in Strapi's own error format, which the admin panel understands.
  if (!range.ok) throw new errors.ValidationError(range.message);
  const createdAt = Object.fromEntries(Object.entries(range.createdAt).map(([operator, date]) => [operator, date.toISOString()]));
  return Object.keys(createdAt).length ? { createdAt } : {};
}

/** Rows handed to the connection so far, and whether reading them failed. */
interface Progress {
  rows: number;
  failed: boolean;
}

async function* csvRows(strapi: Core.Strapi, reader: LeadReader, filters: Filters, columns: CsvColumn[], progress: Progress): AsyncGenerator<string> {
  try {
    yield csvHeader(columns);
    let lastId = 0;
    for (;;) {
      const rows = await strapi.documents(CONTACT_UID).findMany({
        filters: { $and: [filters, { id: { $gt: lastId } }] },
        sort: 'id:asc',
        limit: BATCH_SIZE,
      });
      for (const row of rows) {
        yield csvLine(await reader.visible(row as unknown as ContactRow), columns);
        // Asked for the next row: the stream (holding one row at most) has written this one out.
        progress.rows += 1;
      }
      if (rows.length < BATCH_SIZE) return;
      lastId = Number(rows[rows.length - 1].id);
    }
  } catch (error) {
    progress.failed = true;
    throw error;
  }
}

/** Updates the export's audit record once, when its response has ended one way or another. */
function auditWhenEnded(strapi: Core.Strapi, ctx: Context, auditId: number, progress: Progress): void {
  finished(ctx.res, (error) => {
    const outcome: Exclude<AuditOutcome, 'started'> = progress.failed ? 'failed' : error ? 'aborted' : 'completed';
    personalDataAudit(strapi)
      .finish(auditId, progress.rows, outcome)
      .catch((failure: Error) => strapi.log.error(`personal data: the audit record #${auditId} of a CSV export (${outcome}) could not be updated: ${failure.message}`));
  });
}

async function exportContacts(strapi: Core.Strapi, ctx: Context): Promise<void> {
  const reader = leadReader(strapi, ctx);
  const filters = await reader.permittedFilters(dateFilters(ctx));
  const columns = CSV_COLUMNS.filter(({ attribute }) => reader.mayReadField(attribute));

  const stamp = new Date().toISOString().slice(0, 10);
  ctx.set('Content-Disposition', `attachment; filename="contacts-${stamp}.csv"`);
  ctx.type = 'text/csv; charset=utf-8';
  const range = { from: ctx.query.from ?? null, to: ctx.query.to ?? null };
  const auditId = await personalDataAudit(strapi).start('csv-export', ctx.state.user?.id, range);
  const progress: Progress = { rows: 0, failed: false };
  auditWhenEnded(strapi, ctx, auditId, progress);
  // One row ahead at most, so the rows counted are the rows written to the response.
  ctx.body = Readable.from(csvRows(strapi, reader, filters, columns, progress), { highWaterMark: 1 });
}

/** The CSV export (its route and policies: `routes.ts`). */
export const exportController = ({ strapi }: { strapi: Core.Strapi }) => ({
  csv: (ctx: Context) => exportContacts(strapi, ctx),
});
