/**
 * The stand-in website's account pages (CLIENT_URL in the test runs; docs/contract.md "Accounts"), as
 * a website would build them on the service's routes: the confirmation page hands the mailed code to
 * GET /api/auth/email-confirmation, whose redirect comes back to the "confirmed" page; the reset page
 * asks for the new password and posts it with the mailed code to /api/auth/reset-password.
 */
import type http from 'http';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const page = (title: string, body: string) => `<!doctype html><meta charset="utf-8"><title>${escapeHtml(title)}</title>${body}`;

async function formFields(req: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

async function resetPassword(req: http.IncomingMessage, res: http.ServerResponse, cmsUrl: string): Promise<void> {
  const form = await formFields(req);
  const answer = await fetch(`${cmsUrl}/api/auth/reset-password`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ code: form.get('code'), password: form.get('password'), passwordConfirmation: form.get('passwordConfirmation') }),
  });
  const body = (await answer.json()) as { error?: { message?: string } };
  const outcome = answer.ok ? '<p data-testid="password-changed">Your password is changed: you are signed in.</p>' : `<p data-testid="reset-refused">${escapeHtml(body.error?.message ?? '')}</p>`;
  res.writeHead(answer.ok ? 200 : 400, { 'Content-Type': 'text/html; charset=utf-8' }).end(page('New password', outcome));
}

/** Answers `url` when it is an account page (true), else leaves the request alone (false). */
export function accountPage(url: URL, req: http.IncomingMessage, res: http.ServerResponse, cmsUrl: string | undefined): boolean {
  const html = (body: string) => res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(body);
  if (url.pathname === '/account/confirm' && cmsUrl) {
    // The code goes from the page's own address to the service, in the browser, as a website's page would.
    const script = `const code = new URLSearchParams(location.search).get('confirmation') || '';
      location.replace(${JSON.stringify(cmsUrl)} + '/api/auth/email-confirmation?confirmation=' + encodeURIComponent(code));`;
    html(page('Confirming', `<p>Confirming your e-mail address…</p><script>${script}</script>`));
    return true;
  }
  if (url.pathname === '/account/confirmed') {
    html(page('Confirmed', '<h1 data-testid="account-confirmed">Your e-mail address is confirmed</h1>'));
    return true;
  }
  if (url.pathname === '/account/reset-password' && req.method === 'GET') {
    const code = escapeHtml(url.searchParams.get('code') ?? '');
    html(page('New password', `<form method="post" action="/account/reset-password"><input type="hidden" name="code" value="${code}">
      <label>New password <input type="password" name="password"></label>
      <label>Repeat the new password <input type="password" name="passwordConfirmation"></label>
      <button type="submit">Set my password</button></form>`));
    return true;
  }
  if (url.pathname === '/account/reset-password' && req.method === 'POST' && cmsUrl) {
    resetPassword(req, res, cmsUrl).catch((error: unknown) => res.writeHead(502).end(String(error)));
    return true;
  }
  return false;
}
