/** A provider's request or answer that could not be used; its message names the feed, never a credential. */
export class ProviderError extends Error {
  constructor(message: string, readonly status?: number) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** An error as a reading thread sends it: its message, and whether (and with which status) the provider was at fault. */
export interface SentError {
  message: string;
  provider: boolean;
  status: number | undefined;
}

export const sentError = (error: unknown): SentError => ({
  message: error instanceof Error ? error.message : String(error),
  provider: error instanceof ProviderError,
  status: error instanceof ProviderError ? error.status : undefined,
});

/** The error a reading thread sent, as it was thrown there: a ProviderError stays one. */
export const receivedError = ({ message, provider, status }: SentError): Error => (provider ? new ProviderError(message, status) : new Error(message));
