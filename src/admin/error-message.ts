/** The message of an admin API error (Strapi's `{ error: { message } }`), or `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  const message = (error as { response?: { data?: { error?: { message?: unknown } } } })?.response?.data?.error?.message;
  return typeof message === 'string' ? message : fallback;
}
