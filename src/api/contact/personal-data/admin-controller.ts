/**
 * The admin's "Personal data" page (decisions 64-65), for admins with the permission
 * `api::personal-data.manage` (Settings > Roles > Personal data; not every lead reader has it):
 * - POST /personal-data/search { email | phone }: the person's leads (when, language, consent) and what
 *   the other holders keep (`account`: a buyer's account);
 * - POST /personal-data/export { email | phone }: everything held on them, as a JSON download;
 * - POST /personal-data/erase { email | phone }: erases them;
 * - GET /personal-data/retention: the retention period and its last run (and each other holder's: `account`).
 * And for super admins: GET /personal-data/audit, the latest exports and erasures.
 * The person travels in the body, never in a URL, so it stays out of access logs.
 */
import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { errors } from '@strapi/utils';
import { auditFilter, personQuery, type PersonQuery } from '../lib/person';
import { personalDataAudit } from './audit';
import { personalData, personalDataSettings } from './people';
import { holderRetention, lastRetentionRun } from './retention';

const SUPER_ADMIN = 'strapi-super-admin';

function personOf(ctx: Context): PersonQuery {
  const body = (ctx.request.body ?? {}) as Record<string, unknown>;
  const parsed = personQuery(typeof body === 'object' && body !== null ? body : {});
  if (!parsed.ok) throw new errors.ValidationError(Object.values(parsed.errors)[0][0], { errors: parsed.errors });
  return parsed.query;
}

const adminId = (ctx: Context): number | undefined => ctx.state.user?.id;

async function exportPerson(strapi: Core.Strapi, ctx: Context): Promise<void> {
  const query = personOf(ctx);
  const bundle = await personalData(strapi).export(query);
  await personalDataAudit(strapi).record('person-export', adminId(ctx), auditFilter(query), bundle.leads.length);
  ctx.set('Content-Disposition', `attachment; filename="personal-data-${bundle.exported_at.slice(0, 10)}.json"`);
  ctx.set('Cache-Control', 'no-store');
  ctx.type = 'application/json; charset=utf-8';
  ctx.body = JSON.stringify(bundle, null, 2);
}

async function erasePerson(strapi: Core.Strapi, ctx: Context) {
  const query = personOf(ctx);
  const erasure = await personalData(strapi).erasePerson(query, `admin #${adminId(ctx)}`);
  await personalDataAudit(strapi).record('erasure', adminId(ctx), { ...auditFilter(query), mode: erasure.mode, ...erasure.held }, erasure.leads);
  return erasure;
}

/** The audit with each admin's name (looked up now: the records keep only the id). */
async function auditList(strapi: Core.Strapi, ctx: Context) {
  const roles = (ctx.state.user?.roles ?? []) as Array<{ code?: string }>;
  if (!roles.some((role) => role.code === SUPER_ADMIN)) throw new errors.ForbiddenError('Only super admins may read the personal-data audit');
  const records = await personalDataAudit(strapi).latest();
  const ids = [...new Set(records.map((record) => record.admin_id).filter((id): id is number => id !== null))];
  const admins = ids.length ? ((await strapi.db.query('admin::user').findMany({ where: { id: { $in: ids } }, select: ['id', 'firstname', 'lastname'] })) as Array<{ id: number; firstname?: string; lastname?: string }>) : [];
  const nameOf = new Map(admins.map((admin) => [admin.id, [admin.firstname, admin.lastname].filter(Boolean).join(' ') || `admin #${admin.id}`]));
  return records.map((record) => ({
    ...record,
    at: new Date(record.at).toISOString(),
    admin: record.admin_id === null ? null : { id: record.admin_id, name: nameOf.get(record.admin_id) ?? `admin #${record.admin_id} (removed)` },
  }));
}

/** The "Personal data" page (its routes and policies: the contact domain's `admin/routes.ts`). */
export const personalDataController = ({ strapi }: { strapi: Core.Strapi }) => ({
  async search(ctx: Context) {
    ctx.body = { data: await personalData(strapi).find(personOf(ctx)) };
  },
  export: (ctx: Context) => exportPerson(strapi, ctx),
  async erase(ctx: Context) {
    ctx.body = { data: await erasePerson(strapi, ctx) };
  },
  async retention(ctx: Context) {
    const { retentionDays, erasure } = personalDataSettings(strapi);
    ctx.body = { data: { retention_days: retentionDays, erasure_mode: erasure, last_run: await lastRetentionRun(strapi), ...(await holderRetention(strapi)) } };
  },
  async audit(ctx: Context) {
    ctx.body = { data: await auditList(strapi, ctx) };
  },
});
