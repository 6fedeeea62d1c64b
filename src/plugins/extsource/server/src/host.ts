/**
 * What the plugin needs from the app that hosts it, and gets from it (never by importing it): the
 * app's one cache, shared with what the app derives from the plugin's data and cleared on every
 * instance; its leases, named locks shared by every process on the database; and the name of this
 * process among the instances. The app hands them over in its `register` phase:
 * `strapi.plugin('extsource').service('host').provide({ cache, leases, instanceId })`.
 */
import type { Core } from '@strapi/strapi';

export interface HostCacheOptions {
  tags: readonly string[];
  /** Seconds; Infinity: until invalidated. */
  lifetime: number;
}

export interface HostCache {
  /** The cached value, or `build()`'s (one build for concurrent misses), stored under `options`. */
  get<T>(key: string, build: () => Promise<T>, options: HostCacheOptions): Promise<{ value: T }>;
  /** The cached value, if any, without building. */
  peek<T>(key: string): { value: T } | undefined;
  set<T>(key: string, value: T, options: HostCacheOptions): { value: T };
  /** Drops the entries carrying any of `tags` in this process only. */
  invalidateHere(tags: readonly string[]): void;
  /** Drops them here at once (before it resolves) and, through the app's bus, on every instance. */
  invalidateEverywhere(tags: readonly string[]): Promise<void>;
  /** Makes `tags` known to every instance before anything carrying them is built. */
  declareTags(...tags: string[]): void;
  /** The same for every tag beginning with `prefix` (one per project, say). */
  declareTagFamily(prefix: string): void;
}

export interface Lease {
  readonly name: string;
  /** False once released, or once the lease was lost (the holder stalled): the work must stop. */
  held(): boolean;
  release(): Promise<void>;
}

export interface Leases {
  /** Takes the lease when it is free, renewed while held; null when someone holds it. */
  tryAcquire(name: string): Promise<Lease | null>;
  /** Takes `name` for `holdMs` when nobody has it; never renewed nor released. */
  claim(name: string, holdMs: number): Promise<boolean>;
  /** Which of `names` someone holds now. */
  heldNow(names: string[]): Promise<string[]>;
}

/** The host's metrics, when it keeps any: told of each provider request and each finished sync run. */
export interface HostMetrics {
  /** `endpoint`: a bounded name (a method or a path pattern, never an id); `outcome`: ok, http_4xx, timeout... */
  providerRequest(request: { provider: string; endpoint: string; outcome: string; seconds: number }): void;
  /** `items`: the run's counts (fetched, created, updated, unchanged, deactivated, failed). */
  syncRun(run: { type: string; status: string; seconds: number; items: Record<string, number> }): void;
}

export interface ExtsourceHost {
  cache: HostCache;
  leases: Leases;
  /** This process among the instances sharing the database (owner of its sync runs). */
  instanceId: string;
  metrics?: HostMetrics;
  /** Runs `work` in a trace span of the host's, when it traces (syncs are spans of their own). */
  inSpan?<T>(name: string, attributes: Record<string, string | number>, work: () => Promise<T>): Promise<T>;
}

/** Tag of every cached entry built from the provider's projects (here and in what the app derives from them). */
export const PROJECTS_TAG = 'projects';

/** Tag of every cached entry built from the synced sale and rent listings: a run that changed any drops them, on every instance. */
export const LISTINGS_TAG = 'listings';

/**
 * Tags of one listing's own answers, and of every listing's: a run announces the listings it changed by
 * their own tags, or, past MAX_LISTING_TAGS of them, all listings' answers at once.
 */
export const LISTING_TAG_PREFIX = 'listing:';
/** Percent-encoded: a reference becomes a surrogate key, which a header separates by spaces. */
export const listingTag = (reference: string) => `${LISTING_TAG_PREFIX}${encodeURIComponent(reference)}`;
export const LISTING_PAGES_TAG = 'listings:pages';
export const MAX_LISTING_TAGS = 100;

/** Tag of what is built from one project's detail: a detail that changed drops (and purges) only that. */
export const PROJECT_TAG_PREFIX = 'project:';
export const projectTag = (id: string) => `${PROJECT_TAG_PREFIX}${id}`;

const createHostService = () => {
  let host: ExtsourceHost | undefined;
  return {
    provide(given: ExtsourceHost): void {
      host = given;
      host.cache.declareTags(PROJECTS_TAG, LISTINGS_TAG, LISTING_PAGES_TAG);
      host.cache.declareTagFamily(PROJECT_TAG_PREFIX);
      host.cache.declareTagFamily(LISTING_TAG_PREFIX);
    },
    get(): ExtsourceHost {
      if (!host) throw new Error('extsource: the hosting app has not provided its cache and leases (service host, provide() in its register phase)');
      return host;
    },
  };
};

export default createHostService;
export type HostService = ReturnType<typeof createHostService>;
/** Each app's host service, looked up once: a visitor's ask for one project reaches the cache through it. */
const hostServices = new WeakMap<Core.Strapi, HostService>();

export function hostOf(strapi: Core.Strapi): ExtsourceHost {
  let service = hostServices.get(strapi);
  if (!service) hostServices.set(strapi, (service = strapi.plugin('extsource').service('host') as HostService));
  return service.get();
}
