/** How editors see robots.txt in the Content Manager. */
import type { AdminLayout } from '../../lib/admin-layout';

export const SITEMAP_LAYOUTS: AdminLayout[] = [
  {
    uid: 'api::sitemap.robots-txt',
    kind: 'contentType',
    fields: {
      content: {
        label: 'robots.txt',
        hint: 'What search engines read before crawling, line by line (e.g. "User-agent: *" then "Disallow: /private"). Empty: every page may be crawled. The sitemap line is added unless you write one. Publish to apply.',
      },
    },
  },
];
