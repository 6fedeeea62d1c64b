/**
 * RFC 8058's one-click unsubscribe: mail clients POST `List-Unsubscribe=One-Click` to the link, as
 * multipart/form-data or as a form. The body says nothing the link's token does not, so the route never
 * reads it, whatever its type (at register, before any request).
 */
import { ignoreBodyOf } from '../../lib/body-admission';

export const UNSUBSCRIBE_PATH = '/v1/unsubscribe';

export function acceptOneClickPosts(): void {
  ignoreBodyOf('POST', `/api${UNSUBSCRIBE_PATH}`);
}
