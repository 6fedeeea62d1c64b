/**
 * A stand-in for the website, as Strapi's Preview panel frames it (CLIENT_URL in the test runs): its
 * preview route checks the shared secret, enters preview mode (a cookie holding status and locale, the
 * Next.js draft-mode convention) and redirects to the page; the luxury page then reads the service's
 * `/api/v1/luxury`, the draft (`status=draft` with a read-only API token) in preview mode, the
 * published page otherwise, and shows its headline.
 */
import http from 'http';
import type { AddressInfo } from 'net';

export const PREVIEW_SECRET = 'test-preview-secret';

export interface PreviewSite {
  url: string;
  secret: string;
  /** Where the site reads the service, and with which token, once the service is up. */
  connect(options: { cmsUrl: string; readToken: () => Promise<string> }): void;
  close(): Promise<void>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function previewCookie(cookieHeader: string | undefined): { status: string; locale: string } | undefined {
  const match = /(?:^|;\s*)preview=(draft|published):(en|ar)/.exec(cookieHeader ?? '');
  return match ? { status: match[1], locale: match[2] } : undefined;
}

export async function startPreviewSite(): Promise<PreviewSite> {
  let cms: { cmsUrl: string; readToken: () => Promise<string> } | undefined;

  async function luxuryPage(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const preview = previewCookie(req.headers.cookie);
    const query = preview ? `?status=${preview.status}&locale=${preview.locale}` : '';
    const headers: Record<string, string> = preview ? { Authorization: `Bearer ${await cms!.readToken()}` } : {};
    const answer = await fetch(`${cms!.cmsUrl}/api/v1/luxury${query}`, { headers });
    const body = (await answer.json()) as { data?: { hero?: { title?: string } } };
    const banner = preview ? '<p data-testid="preview-banner">Preview mode: draft content</p>' : '';
    res.writeHead(answer.status, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><title>Luxury</title>${banner}<h1 data-testid="hero-title">${escapeHtml(body.data?.hero?.title ?? '')}</h1>`);
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://site');
    if (url.pathname === '/api/preview') {
      if (url.searchParams.get('secret') !== PREVIEW_SECRET) {
        res.writeHead(401, { 'Content-Type': 'text/plain' }).end('Invalid preview secret');
        return;
      }
      const target = url.searchParams.get('url') ?? '/';
      const mode = `${url.searchParams.get('status') === 'published' ? 'published' : 'draft'}:${url.searchParams.get('locale') === 'ar' ? 'ar' : 'en'}`;
      res.writeHead(307, { Location: target.startsWith('/') ? target : '/', 'Set-Cookie': `preview=${mode}; Path=/; HttpOnly; SameSite=Lax` }).end();
      return;
    }
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
