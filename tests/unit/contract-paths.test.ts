import { describe, expect, it } from 'vitest';
import { BODY_DEPTH_LIMIT, hasContractBodyLimits, nestsDeeperThan } from '../../src/lib/body-admission';
import { isContractPath } from '../../src/lib/contract-paths';
import { isMultipartUploadRequest } from '../../src/lib/uploads';

describe('contract paths and upload routes', () => {
  it('treats every spelling of a contract prefix as the contract', () => {
    for (const path of ['/api/v1', '/API/V1/health', '/Api/Extsource/stats']) expect(isContractPath(path)).toBe(true);
    for (const path of ['/api/v10', '/api/extsourcex', '/admin/api/v1']) expect(isContractPath(path)).toBe(false);
  });

  it("knows Strapi's multipart upload endpoints, and nothing else", () => {
    for (const path of ['/upload', '/upload/', '/UPLOAD', '/upload/files', '/upload/files/12/replace', '/api/upload']) {
      expect(isMultipartUploadRequest('POST', path), path).toBe(true);
    }
    for (const [method, path] of [['GET', '/upload'], ['POST', '/upload/folders'], ['POST', '/admin/login'], ['POST', '/api/upload/files']]) {
      expect(isMultipartUploadRequest(method, path), `${method} ${path}`).toBe(false);
    }
  });

  it("gives the contract's body limits to Strapi's account routes too, under any spelling", () => {
    for (const path of ['/api/v1/me', '/api/auth', '/API/Auth/local', '/api/auth/change-password', '/api/extsource/sync']) expect(hasContractBodyLimits(path), path).toBe(true);
    for (const path of ['/api/authx', '/admin/auth/login', '/api/users/me', '/api/upload']) expect(hasContractBodyLimits(path), path).toBe(false);
  });

  it('measures nesting without recursion: the limit itself passes, one level more does not', () => {
    const nested = (levels: number, leaf: unknown = 1): unknown => {
      let value = leaf;
      for (let level = 0; level < levels; level += 1) value = level % 2 ? [value] : { a: value };
      return value;
    };
    expect(nestsDeeperThan(nested(BODY_DEPTH_LIMIT), BODY_DEPTH_LIMIT)).toBe(false);
    expect(nestsDeeperThan(nested(BODY_DEPTH_LIMIT + 1), BODY_DEPTH_LIMIT)).toBe(true);
    expect(nestsDeeperThan({ wide: Array.from({ length: 1000 }, () => ({ a: [1] })) }, 4)).toBe(false);
    expect(nestsDeeperThan(nested(100_000), BODY_DEPTH_LIMIT)).toBe(true);
    for (const flat of [null, 'text', 7, [], {}]) expect(nestsDeeperThan(flat, 1)).toBe(false);
  });
});
