/**
 * How long each cache docs/contract.md names ("Limits") keeps what it holds, in one table: the code
 * that stores an entry takes its lifetime from here, and config/plugins.ts takes the provider's
 * defaults (EXTSOURCE_PROJECTS_TTL_S, EXTSOURCE_DEVELOPERS_TTL_S) from here (so it imports types only).
 */
import type { Lifetime } from './store';

const HOUR = 3600;

export const CACHE_LIFETIMES = {
  /**
   * Pages built from what editors write (the luxury page, the contact page, the listing page's
   * content): no expiry, cleared on any change; decision 34's backstop (CACHE_MAX_AGE_S, shorter while
   * the bus is down) bounds a lost invalidation.
   */
  editedPage: 'content',
  /** Rules admins edit that each request consults (lead routing): the same, cleared on any change. */
  editedRules: 'content',
  /**
   * A provider's collection (the projects): held until a newer one replaces it (a provider outage keeps
   * it serving, decision 27); a read once it is this old refreshes it in the background.
   */
  providerCollection: HOUR,
  /** A provider's lists beside its collection (the developers), and what is built from them (the filters answer, the sitemap). */
  providerLists: HOUR,
  /** What is derived from one collection (its search index, states and counts, other currencies): dropped with it. */
  states: Infinity,
} as const satisfies Record<string, Lifetime>;
