/**
 * The schedule of one entry, for the admin (the "Schedule" panel beside an entry in the Content Manager):
 * - GET /publication-schedule?uid=&documentId=&locale=: what is scheduled (and the last runs), and
 *   whether the caller may schedule; for admins who may read the entry in the Content Manager.
 * - POST /publication-schedule { uid, documentId, locale, action, at }: schedules a publish or an
 *   unpublish at `at` (an ISO 8601 date-time with its UTC offset, in the future and within the horizon:
 *   run-at.ts; otherwise a 422 naming `at`); DELETE /publication-schedule/:id cancels one still to run.
 *   Both for admins who may publish the entry (conditions and locales included).
 * A single type's entry is found without `documentId` (it has one document).
 */
import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { errors } from '@strapi/utils';
import createError from 'http-errors';
import { LOCALES } from '../../locale';
import { parseRunAt } from '../run-at';
import { SCHEDULE_ACTIONS, scheduleStore, type EntryRef, type ScheduleAction } from '../store';
import { view, type EntrySchedule, type ScheduleView } from '../view';

interface EntryChecker {
  can: { read(entity?: unknown): boolean; publish(entity?: unknown): boolean };
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** A content type of the app's own with Draft & Publish, or a 400. */
function publishableType(strapi: Core.Strapi, uid: string) {
  const type = uid.startsWith('api::') ? strapi.contentTypes[uid as keyof typeof strapi.contentTypes] : undefined;
  if (!type?.options?.draftAndPublish) throw new errors.ValidationError(`"${uid}" is not a content type with Draft & Publish`);
  return type;
}

interface Entry extends EntryRef {
  /** The draft row (with `createdBy`, for permission conditions such as "is creator"). */
  row: Record<string, unknown>;
  checker: EntryChecker;
}

/** The entry a request names, with the caller's permission checker; 400 for a bad name, 404 for none. */
async function entryOf(strapi: Core.Strapi, ctx: Context, input: Record<string, unknown>): Promise<Entry> {
  const uid = text(input.uid);
  const type = publishableType(strapi, uid);
  const locale = text(input.locale) || 'en';
  if (!(LOCALES as readonly string[]).includes(locale)) throw new errors.ValidationError(`The locale must be one of: ${LOCALES.join(', ')}`);
  const documentId = text(input.documentId);
  if (type.kind === 'collectionType' && documentId === '') throw new errors.ValidationError('documentId is required for a collection type');
  const where = { ...(documentId ? { documentId } : {}), locale, publishedAt: null };
  const row = (await strapi.db.query(uid as never).findOne({ where, populate: ['createdBy'] })) as Record<string, unknown> | null;
  if (!row) throw new errors.NotFoundError('No such entry in this locale: save it first');
  const checkers = strapi.plugin('content-manager').service('permission-checker') as {
    create(options: { userAbility: unknown; model: string }): EntryChecker;
  };
  const checker = checkers.create({ userAbility: ctx.state.userAbility, model: uid });
  if (!checker.can.read(row)) throw new errors.ForbiddenError('You may not read this entry');
  return { uid, documentId: String(row.documentId), locale, row, checker };
}

async function entrySchedule(strapi: Core.Strapi, entry: Entry): Promise<EntrySchedule> {
  const rows = await scheduleStore(strapi).ofEntry(entry);
  return { can_schedule: entry.checker.can.publish(entry.row), schedule: rows.map(view) };
}

/**
 * A 422 on one field, in Strapi's error format like the route's 400s (`error.message` is the reason, which
 * the panel shows), with the field's messages in `error.details.errors`. Named ValidationError as they are.
 */
const invalidField = (field: string, message: string) =>
  createError(422, message, { name: 'ValidationError', expose: true, details: { errors: { [field]: [message] } } });

function requestedRun(body: Record<string, unknown>, now = Date.now()): { action: ScheduleAction; at: number } {
  const action = text(body.action) as ScheduleAction;
  if (!SCHEDULE_ACTIONS.includes(action)) throw new errors.ValidationError(`The action must be one of: ${SCHEDULE_ACTIONS.join(', ')}`);
  const runAt = parseRunAt(body.at, now);
  if ('problem' in runAt) throw invalidField('at', runAt.problem);
  return { action, at: runAt.at };
}

async function scheduleRun(strapi: Core.Strapi, ctx: Context): Promise<ScheduleView> {
  const body = (ctx.request.body ?? {}) as Record<string, unknown>;
  const { action, at } = requestedRun(body);
  const entry = await entryOf(strapi, ctx, body);
  if (!entry.checker.can.publish(entry.row)) throw new errors.ForbiddenError('You may not publish this entry');
  const row = await scheduleStore(strapi).add(entry, action, at, ctx.state.user?.id);
  strapi.log.info(`scheduled ${action} #${row.id} of ${entry.uid} ${entry.documentId} (${entry.locale}) at ${view(row).run_at} by admin #${ctx.state.user?.id}`);
  return view(row);
}

async function cancelRun(strapi: Core.Strapi, ctx: Context): Promise<ScheduleView> {
  const id = Number(ctx.params.id);
  const store = scheduleStore(strapi);
  const row = Number.isSafeInteger(id) && id > 0 ? await store.find(id) : undefined;
  if (!row) throw new errors.NotFoundError('No such scheduled publication');
  const entry = await entryOf(strapi, ctx, { uid: row.content_type, documentId: row.document_id, locale: row.locale });
  if (!entry.checker.can.publish(entry.row)) throw new errors.ForbiddenError('You may not publish this entry');
  if (!(await store.cancel(id))) throw new errors.ApplicationError(`Only a publication still to run can be cancelled; this one is ${row.status}`);
  return view((await store.find(id))!);
}

/** The "Schedule" panel (its routes and policy: `routes.ts`). */
export const scheduleController = ({ strapi }: { strapi: Core.Strapi }) => ({
  async find(ctx: Context) {
    ctx.body = { data: await entrySchedule(strapi, await entryOf(strapi, ctx, ctx.query as Record<string, unknown>)) };
  },
  async create(ctx: Context) {
    ctx.status = 201;
    ctx.body = { data: await scheduleRun(strapi, ctx) };
  },
  async cancel(ctx: Context) {
    ctx.body = { data: await cancelRun(strapi, ctx) };
  },
});
