/** A header as clients send it: the scheme as spelled, one space, a token without whitespace. */
const USUAL_PREFIX = 'Bearer ';
const WHITESPACE = /\s/;

/** The token of an `Authorization: Bearer <token>` header, or undefined for any other header or none. */
export function bearerToken(authorization: string | undefined): string | undefined {
  // A signed-in buyer's every request carries one: the usual form is read without splitting it (the
  // same token the general reading below finds in it).
  if (authorization !== undefined && authorization.length > USUAL_PREFIX.length && authorization.startsWith(USUAL_PREFIX)) {
    const token = authorization.slice(USUAL_PREFIX.length);
    if (!WHITESPACE.test(token)) return token;
  }
  const parts = (authorization ?? '').trim().split(/\s+/);
  return parts.length === 2 && parts[0].toLowerCase() === 'bearer' ? parts[1] : undefined;
}
