import type { Core } from '@strapi/strapi';
import type { AdminLogin } from './admin-user';

function loginLines(login: AdminLogin): string[] {
  switch (login.kind) {
    case 'generated':
      return [
        `Admin login:   ${login.email} / ${login.password}`,
        '               (generated now and shown only this once: change it under your profile in the admin)',
      ];
    case 'from-env':
      return [`Admin login:   ${login.email} (password from ADMIN_PASSWORD)`];
    case 'existing':
      return ['Admin login:   the existing admin account (forgotten? npm run strapi admin:reset-user-password)'];
    case 'none':
      return ['Admin login:   none yet: set ADMIN_EMAIL and ADMIN_PASSWORD, or register the first admin at /admin'];
  }
}

/** Prints where everything is once the HTTP server listens. */
export function printBannerWhenListening(strapi: Core.Strapi, login: AdminLogin): void {
  strapi.server.httpServer.once('listening', () => {
    const root = String(strapi.config.get('server.url'));
    const lines = [
      '',
      'Luxury property backend is running',
      `Site:          ${root}`,
      `Admin panel:   ${root}/admin`,
      `API (v1):      ${root}/api/v1  (e.g. ${root}/api/v1/health, ${root}/api/v1/openapi.json)`,
      ...loginLines(login),
      '',
    ];
    strapi.log.info(lines.join('\n'));
  });
}
