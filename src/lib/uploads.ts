/**
 * Multipart bodies (files) are read only by Strapi's upload routes, and only once the route has
 * authenticated the caller: the global body parser never reads multipart (`src/middlewares/body.ts`
 * refuses it everywhere else with 415), and each upload route gets a middleware, run after its
 * authentication and policies, that parses the files into a temp folder of the request's own and
 * removes that folder when the request is over, whatever the answer (error, 429, client gone).
 */
import fs from 'fs/promises';
import os from 'os';
import path from 'path';
import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';
import { errors } from '@strapi/utils';
import { readBodyThen, type Middleware } from './body-reading';

/** Strapi's upload endpoints that take multipart files, by handler, with the path each one is served at. */
const MULTIPART_UPLOADS = [
  { router: 'admin', handler: 'admin-upload.upload', path: /^\/upload\/?$/i },
  { router: 'admin', handler: 'admin-upload.uploadFile', path: /^\/upload\/files\/?$/i },
  { router: 'admin', handler: 'admin-upload.replaceFile', path: /^\/upload\/files\/[^/]+\/replace\/?$/i },
  { router: 'content-api', handler: 'content-api.upload', path: /^\/api\/upload\/?$/i },
] as const;

/** Admin rights that make an upload meaningful; anyone else is refused before a byte is read. */
const ADMIN_UPLOAD_ACTIONS = ['plugin::upload.assets.create', 'plugin::upload.assets.update'];

export function isMultipartUploadRequest(method: string, requestPath: string): boolean {
  return method === 'POST' && MULTIPART_UPLOADS.some((upload) => upload.path.test(requestPath));
}

interface RouteDefinition {
  handler?: unknown;
  config?: { middlewares?: unknown[] };
}

type MiddlewareFactory = (config: Record<string, unknown>, context: { strapi: Core.Strapi }) => Middleware;

interface Ability {
  can(action: string, subject?: string): boolean;
}

function mayUpload(ctx: Context): boolean {
  const ability = ctx.state.userAbility as Ability | undefined;
  // Content-API callers (API tokens) were authorised for this very route by Strapi already.
  return !ability || ADMIN_UPLOAD_ACTIONS.some((action) => ability.can(action, 'plugin::upload.file'));
}

/** Route middleware: parse the files with Strapi's own body parser into a folder removed afterwards. */
function parseFilesAfterAuthentication(strapi: Core.Strapi) {
  const strapiBody = strapi.middleware('strapi::body') as unknown as MiddlewareFactory;
  return async (ctx: Context, next: Next) => {
    if (!mayUpload(ctx)) throw new errors.ForbiddenError('You are not allowed to upload files');
    const uploadDir = await fs.mkdtemp(path.join(os.tmpdir(), 'upload-request-'));
    try {
      return await readBodyThen(strapi, ctx, strapiBody({ multipart: true, formidable: { uploadDir } }, { strapi }), next);
    } finally {
      await fs.rm(uploadDir, { recursive: true, force: true });
    }
  };
}

function routesOf(strapi: Core.Strapi, router: string): RouteDefinition[] {
  const routers = strapi.plugin('upload').routes as unknown as Record<string, { routes?: RouteDefinition[] }>;
  return routers[router]?.routes ?? [];
}

/** In `register` (before Strapi builds its routes): gives each upload route its file parser. */
export function parseUploadsAfterAuthentication(strapi: Core.Strapi): void {
  const parser = parseFilesAfterAuthentication(strapi);
  for (const upload of MULTIPART_UPLOADS) {
    const route = routesOf(strapi, upload.router).find((candidate) => candidate.handler === upload.handler);
    if (!route) throw new Error(`uploads: Strapi's upload route ${upload.handler} was not found; src/lib/uploads.ts needs updating`);
    route.config = { ...route.config, middlewares: [...(route.config?.middlewares ?? []), parser] };
  }
}
