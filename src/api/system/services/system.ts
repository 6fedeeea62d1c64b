import fs from 'fs';
import path from 'path';
import { parse } from 'yaml';
import type { Core } from '@strapi/strapi';
import { errorMessage } from '../../../lib/errors';

const DATABASE_CHECK_TIMEOUT_MS = 2000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const createSystemService = ({ strapi }: { strapi: Core.Strapi }) => {
  let openApiBytes: Buffer | undefined;

  return {
    /** Runs a real query; resolves false (and logs why) when the database does not answer in time. */
    async databaseIsUp(): Promise<boolean> {
      try {
        await withTimeout(strapi.db.connection.raw('select 1'), DATABASE_CHECK_TIMEOUT_MS);
        return true;
      } catch (error) {
        strapi.log.warn(`health: database check failed: ${errorMessage(error)}`);
        return false;
      }
    },

    /** docs/openapi.yaml as JSON bytes, read once. */
    openApiDocument(): Buffer {
      if (!openApiBytes) {
        const source = fs.readFileSync(path.join(strapi.dirs.app.root, 'docs', 'openapi.yaml'), 'utf8');
        openApiBytes = Buffer.from(JSON.stringify(parse(source)));
      }
      return openApiBytes;
    },
  };
};

export default createSystemService;
export type SystemService = ReturnType<typeof createSystemService>;
export const systemService = (strapi: Core.Strapi) => strapi.service('api::system.system') as SystemService;
