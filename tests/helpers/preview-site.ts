/**
 * A stand-in for the website, as Strapi's Preview panel frames it (CLIENT_URL in the test runs): its
 * preview route takes the URL's preview token (decision 83), enters preview mode (a cookie holding
 * status, locale and token, the Next.js draft-mode convention) and redirects to the page; the luxury
 * page then reads the service's `/api/v1/luxury`, the one draft the token names (`status=draft&preview=`,
 * no API token) in preview mode, the published page otherwise, and shows its headline, or the service's
 * refusal (an expired or foreign token). Its account pages (./account-pages) take the mailed links of
 * buyer accounts.
 */
import http from 'http';
import type { AddressInfo } from 'net';
import { accountPage } from './account-pages';

/** The service's signing key for preview tokens (the website never needs it). */
export const PREVIEW_SECRET = 'test-preview-secret';

export interface PreviewSite {
  url: string;
  secret: string;
  /** Where the site reads the service, once the service is up. */
  connect(options: { cmsUrl: string }): void;
  close(): Promise<void>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

interface PreviewMode {
  status: string;
  locale: string;
  token: string;
}

function previewCookie(cookieHeader: string | undefined): PreviewMode | undefined {
  const match = /(?:^|;\s*)preview=(draft|published):(en|ar):([\w.-]+)/.exec(cookieHeader ?? '');
  return match ? { status: match[1], locale: match[2], token: match[3] } : undefined;
}

export async function startPreviewSite(): Promise<PreviewSite> {
  let cms: { cmsUrl: string } | undefined;

  async function luxuryPage(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const preview = previewCookie(req.headers.cookie);
    const query = preview ? `?${new URLSearchParams({ status: preview.status, locale: preview.locale, preview: preview.token })}` : '';
    const answer = await fetch(`${cms!.cmsUrl}/api/v1/luxury${query}`);
    const body = (await answer.json()) as { data?: { hero?: { title?: string } }; message?: string };
    const banner = preview ? '<p data-testid="preview-banner">Preview mode: draft content</p>' : '';
    const refusal = answer.ok ? '' : `<p data-testid="preview-refused">${escapeHtml(body.message ?? '')}</p>`;
    res.writeHead(answer.status, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><title>Luxury</title>${banner}${refusal}<h1 data-testid="hero-title">${escapeHtml(body.data?.hero?.title ?? '')}</h1>`);
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://site');
    if (url.pathname === '/api/preview') {
      const token = url.searchParams.get('token') ?? '';
      if (!/^[\w.-]+$/.test(token)) {
        res.writeHead(401, { 'Content-Type': 'text/plain' }).end('No preview token');
        return;
      }
      const target = url.searchParams.get('url') ?? '/';
      const mode = `${url.searchParams.get('status') === 'published' ? 'published' : 'draft'}:${url.searchParams.get('locale') === 'ar' ? 'ar' : 'en'}:${token}`;
      res.writeHead(307, { Location: target.startsWith('/') ? target : '/', 'Set-Cookie': `preview=${mode}; Path=/; HttpOnly; SameSite=Lax` }).end();
      return;
    }
    if (accountPage(url, req, res, cms?.cmsUrl)) return;
    if (url.pathname === '/luxury' && cms) {
      luxuryPage(req, res).catch((error) => res.writeHead(502).end(String(error)));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    secret: PREVIEW_SECRET,
    connect(options) {
      cms = options;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
