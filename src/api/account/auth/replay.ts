/**
 * A refresh token presented again after it was rotated was copied: its holder and the buyer cannot both
 * be the one who rotated it (RFC 9700, section 4.14.2). Strapi refuses such a token but leaves the session
 * that replaced it alive, so whoever rotated first keeps the account. Here the whole family ends at once:
 * every session one sign-in led to is deleted from the shared database, so every instance refuses its
 * refresh tokens and, as an access token lives only while its session row does (services.ts), its access
 * tokens at their next request; the buyer is told by e-mail (mail.ts).
 *
 * A family is marked when a sign-in creates its first session: an id in the session's metadata, which
 * Strapi's session manager copies to each session that replaces it on a refresh.
 */
import { randomUUID } from 'crypto';
import type { Core } from '@strapi/strapi';
import { mailSignedOut } from './mail';
import { SESSION_ORIGIN, SESSION_UID } from './settings';

const FAMILY_KEY = 'family';

type Metadata = Record<string, unknown> | null | undefined;

interface SessionRow {
  sessionId: string;
  userId: string;
  status: string | null;
  metadata?: Metadata;
}

const familyOf = (metadata: Metadata): string | undefined => {
  const family = metadata?.[FAMILY_KEY];
  return typeof family === 'string' ? family : undefined;
};

/** Gives each new sign-in's first session a family id (a rotation copies the metadata, id included). */
export function markSessionFamilies(strapi: Core.Strapi): void {
  strapi.db.lifecycles.subscribe({
    models: [SESSION_UID],
    beforeCreate(event) {
      const data = (event as unknown as { params: { data?: { origin?: string; metadata?: Metadata } } }).params.data;
      if (!data || data.origin !== SESSION_ORIGIN || familyOf(data.metadata)) return;
      data.metadata = { ...(data.metadata ?? {}), [FAMILY_KEY]: randomUUID() };
    },
  });
}

/**
 * The session and user a refresh token names. Its signature is not checked: only the stored row is
 * trusted, and a rotated session's id is known to nobody but the holders of the token it was issued in.
 */
function claimsOf(token: string): { sessionId: string; userId: string } | undefined {
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
    const { sessionId, userId, type } = claims;
    return type === 'refresh' && typeof sessionId === 'string' && typeof userId === 'string' ? { sessionId, userId } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * When `token` is a refresh token of a session already rotated, ends its family and tells the buyer
 * (once, whichever instance ends it). Sessions from before families were marked have none: then every
 * session of the buyer ends.
 */
export async function endFamilyOnReplay(strapi: Core.Strapi, token: string): Promise<void> {
  const claims = claimsOf(token);
  if (!claims) return;
  const sessions = strapi.db.query(SESSION_UID);
  const replayed = (await sessions.findOne({ where: { sessionId: claims.sessionId, origin: SESSION_ORIGIN } })) as SessionRow | null;
  if (!replayed || replayed.status !== 'rotated' || replayed.userId !== claims.userId) return;

  const family = familyOf(replayed.metadata);
  const ofBuyer = (await sessions.findMany({ where: { userId: replayed.userId, origin: SESSION_ORIGIN }, select: ['sessionId', 'metadata'] })) as SessionRow[];
  const members = ofBuyer.filter((session) => !family || familyOf(session.metadata) === family).map((session) => session.sessionId);
  const { count } = (await sessions.deleteMany({ where: { sessionId: { $in: members } } })) as { count: number };
  if (count === 0) return;
  strapi.log.warn(`accounts: a rotated refresh token of buyer #${replayed.userId} was presented again; its sign-in (${count} sessions) was ended`);
  mailSignedOut(strapi, Number(replayed.userId));
}
