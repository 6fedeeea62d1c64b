/** The message of an admin API error (Strapi's `{ error: { message } }`), or `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  const message = (error as { response?: { data?: { error?: { message?: unknown } } } })?.response?.data?.error?.message;
  return typeof message === 'string' ? message : fallback;
}

/** The first message the admin API gave for `field` (Strapi's `{ error: { details: { errors: { field: [...] } } } }`), if any. */
export function fieldError(error: unknown, field: string): string | undefined {
  const errors = (error as { response?: { data?: { error?: { details?: { errors?: Record<string, unknown> } } } } })?.response?.data?.error?.details?.errors;
  const messages = errors?.[field];
  return Array.isArray(messages) && typeof messages[0] === 'string' ? messages[0] : undefined;
}
