/**
 * robots.txt as served: what the editors wrote (by default, every crawler may read everything), with a
 * `Sitemap:` line naming the sitemap index unless the text names a sitemap itself. Pure.
 */

/** What robots.txt says before an editor writes anything: every crawler may read every page. */
export const DEFAULT_ROBOTS = 'User-agent: *\nAllow: /';

export function robotsText(written: string | null | undefined, sitemapUrl: string): string {
  const text = (written ?? '').replace(/\r\n?/g, '\n').trim() || DEFAULT_ROBOTS;
  return /^\s*sitemap\s*:/im.test(text) ? `${text}\n` : `${text}\n\nSitemap: ${sitemapUrl}\n`;
}
