/** The token of an `Authorization: Bearer <token>` header, or undefined for any other header or none. */
export function bearerToken(authorization: string | undefined): string | undefined {
  const parts = (authorization ?? '').trim().split(/\s+/);
  return parts.length === 2 && parts[0].toLowerCase() === 'bearer' ? parts[1] : undefined;
}
