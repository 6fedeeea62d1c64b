import { describe, expect, it } from 'vitest';
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
});
