/**
 * Blocking a buyer ends their sessions (issue 33): whoever sets `blocked` (an admin in the Content
 * Manager, a script, the query engine), every refresh token of the account is revoked in the sessions
 * table ('refresh' jwt mode), so no refresh works again and each access token is refused by the
 * buyer check (`buyer.ts`: its session must be active), on every instance, even once unblocked. In
 * 'legacy-support' mode there are no sessions; the buyer check refuses a blocked account on each request.
 * A query-engine lifecycle, not a document middleware: it sees every write, the plugin's own included.
 */
import type { Core } from '@strapi/strapi';
import { USER_UID } from './buyer';

interface SessionManager {
  (origin: string): { invalidateRefreshToken(userId: string): Promise<void> };
  hasOrigin(origin: string): boolean;
}

const ORIGIN = 'users-permissions';

interface UpdateEvent {
  params: { data?: Record<string, unknown>; where?: Record<string, unknown> };
  result?: { id?: number } | null;
  state: { blockedIds?: number[] };
}

const blocks = (event: UpdateEvent) => event.params.data?.blocked === true;

/** Revokes every session of the accounts; nothing to do without the session manager's origin (legacy mode). */
export async function endSessions(strapi: Core.Strapi, userIds: readonly number[]): Promise<void> {
  const manager = (strapi as unknown as { sessionManager?: SessionManager }).sessionManager;
  if (!manager?.hasOrigin(ORIGIN)) return;
  for (const id of userIds) await manager(ORIGIN).invalidateRefreshToken(String(id));
  if (userIds.length) strapi.log.info(`account: sessions of blocked account(s) #${userIds.join(', #')} ended`);
}

/** At register: every update that blocks a user ends their sessions once it is written. */
export function endSessionsOnBlock(strapi: Core.Strapi): void {
  strapi.db.lifecycles.subscribe({
    models: [USER_UID],
    async afterUpdate(event) {
      const update = event as unknown as UpdateEvent;
      if (blocks(update) && update.result?.id !== undefined) await endSessions(strapi, [update.result.id]);
    },
    async beforeUpdateMany(event) {
      const update = event as unknown as UpdateEvent;
      if (!blocks(update)) return;
      const found = (await strapi.db.query(USER_UID).findMany({ select: ['id'], where: update.params.where ?? {} })) as Array<{ id: number }>;
      update.state.blockedIds = found.map((user) => user.id);
    },
    async afterUpdateMany(event) {
      const update = event as unknown as UpdateEvent;
      if (update.state.blockedIds) await endSessions(strapi, update.state.blockedIds);
    },
  });
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  endSessions: (userIds: readonly number[]) => endSessions(strapi, userIds),
});
