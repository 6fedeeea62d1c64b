/**
 * How an alert names what it is about (pure): a project by its id, as before there were listings, and a
 * sale or rent listing by `listing:<reference>` (the feed's key, stable across renames), in the told
 * marks, the seen rows and the outbox alike.
 */
const LISTING_PREFIX = 'listing:';

export const listingItemKey = (reference: string) => `${LISTING_PREFIX}${reference}`;

/** The listing's reference an item key names, or undefined for a project's. */
export const listingReferenceOf = (key: string): string | undefined => (key.startsWith(LISTING_PREFIX) ? key.slice(LISTING_PREFIX.length) : undefined);
