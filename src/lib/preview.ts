/**
 * Strapi's Preview panel (decision 61): which page of the website shows an entry, and the URL the panel
 * frames. The website's preview route (`/api/preview`, the Next.js draft-mode convention Strapi's docs
 * use) checks `secret`, enters its preview mode, and redirects to `url`, which it then reads with
 * `status=draft` and an API token. Plain code, no Strapi: config/admin.ts hands it the environment.
 */

/** The website's path for each editorial type; a key ending in `.*` stands for every type of that API. */
export const DEFAULT_PREVIEW_PATHS: Readonly<Record<string, string>> = {
  'api::luxury.*': '/luxury',
  'api::contact.contact-page': '/contact',
  'api::off-plan.off-plan-page': '/off-plan',
};

export interface PreviewSettings {
  /** CLIENT_URL: the website's origin (and base path) */
  clientUrl: string;
  /** PREVIEW_SECRET */
  secret: string;
  paths: Readonly<Record<string, string>>;
}

export interface PreviewTarget {
  documentId?: string;
  locale?: string | null;
  status?: string | null;
}

/**
 * PREVIEW_PATHS: `uid=path` pairs separated by commas (`api::contact.contact-page=/contact-us`), laid
 * over the defaults. Throws on a pair that is not one, so a typo stops the start instead of a dead link.
 */
export function parsePreviewPaths(configured: string | undefined): Record<string, string> {
  const paths: Record<string, string> = { ...DEFAULT_PREVIEW_PATHS };
  for (const pair of (configured ?? '').split(',').map((entry) => entry.trim()).filter(Boolean)) {
    const match = /^((?:api|plugin)::[\w-]+\.(?:[\w-]+|\*))=(\/\S*)$/.exec(pair);
    if (!match) throw new Error(`PREVIEW_PATHS: "${pair}" is not uid=/path (e.g. api::contact.contact-page=/contact-us)`);
    paths[match[1]] = match[2];
  }
  return paths;
}

/** The website's path for `uid`, or undefined when it has no page (the panel then offers no preview). */
export function previewPathFor(uid: string, paths: Readonly<Record<string, string>>): string | undefined {
  return paths[uid] ?? paths[`${uid.slice(0, uid.lastIndexOf('.'))}.*`];
}

/** The URL the panel frames for this entry, or null for a type the website has no page for. */
export function previewUrl(settings: PreviewSettings, uid: string, target: PreviewTarget): string | null {
  const path = previewPathFor(uid, settings.paths);
  if (!path) return null;
  const query = new URLSearchParams({ secret: settings.secret, url: path, status: target.status === 'published' ? 'published' : 'draft' });
  if (target.locale) query.set('locale', target.locale);
  return `${settings.clientUrl.replace(/\/+$/, '')}/api/preview?${query}`;
}

/** The origin of CLIENT_URL (what the panel may frame), or undefined when it is not an http(s) URL. */
export function clientOrigin(clientUrl: string | undefined): string | undefined {
  if (!clientUrl) return undefined;
  try {
    const url = new URL(clientUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}
