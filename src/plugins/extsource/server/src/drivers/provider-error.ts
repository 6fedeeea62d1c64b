/** A provider's request or answer that could not be used; its message names the feed, never a credential. */
export class ProviderError extends Error {
  constructor(message: string, readonly status?: number) {
    super(message);
    this.name = 'ProviderError';
  }
}
