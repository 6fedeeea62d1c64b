/**
 * robots.txt as the editors published it (src/api/sitemap/lib/robots.ts), kept as finished bytes until
 * the robots.txt type changes (its cache tag; its surrogate key purges it at a CDN). Drafts are never read.
 */
import type { Core } from '@strapi/strapi';
import { cache, CACHE_LIFETIMES, declareCacheTags } from '../../../lib/cache';
import { laneLookup } from '../../../lib/fast-lane';
import { declareSurrogateKey } from '../../../lib/http-caching';
import { Representation } from '../../../lib/representation';
import { robotsText } from '../lib/robots';
import { ROBOTS_SURROGATE_KEY } from '../routes/sitemap';
import { sitemapService } from './sitemap';

export const ROBOTS_UID = 'api::sitemap.robots-txt';
const ROBOTS_CACHE_KEY = 'robots_txt';
const ROBOTS_CACHE = { tags: [ROBOTS_UID], lifetime: CACHE_LIFETIMES.editedPage };

declareCacheTags(ROBOTS_UID);
declareSurrogateKey(ROBOTS_SURROGATE_KEY, ROBOTS_UID);
laneLookup('api::sitemap.sitemap.robots', () => cache.peek<Representation>(ROBOTS_CACHE_KEY)?.value);

const createRobotsService = ({ strapi }: { strapi: Core.Strapi }) => ({
  async response(): Promise<Representation> {
    const build = async () => {
      const published = (await strapi.documents(ROBOTS_UID).findFirst({ status: 'published' })) as { content?: string | null } | null;
      return new Representation(Buffer.from(robotsText(published?.content, sitemapService(strapi).urls().index)));
    };
    return (await cache.get(ROBOTS_CACHE_KEY, build, ROBOTS_CACHE)).value;
  },
});

export default createRobotsService;
export type RobotsService = ReturnType<typeof createRobotsService>;
export const robotsService = (strapi: Core.Strapi) => strapi.service('api::sitemap.robots') as RobotsService;
