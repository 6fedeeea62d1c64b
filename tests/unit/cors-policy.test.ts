import { describe, expect, it } from 'vitest';
import { corsGrant, strapiCorsOptions } from '../../src/lib/cors-policy';

describe('corsGrant', () => {
  const open = { siteOrigins: ['*'], ownOrigin: 'https://cms.example.ae' };
  const listed = { siteOrigins: ['https://www.example.ae'], ownOrigin: 'https://cms.example.ae' };

  it('opens the contract paths to any origin under "*", never with credentials', () => {
    expect(corsGrant('/api/v1/luxury', 'https://anyone.example', open)).toEqual({ allowOrigin: '*', credentials: false });
    expect(corsGrant('/API/EXTSOURCE/stats', 'https://anyone.example', open)).toEqual({ allowOrigin: '*', credentials: false });
  });

  it('opens the contract paths only to the listed site origins when CORS_ORIGINS lists them', () => {
    expect(corsGrant('/api/v1/contact-us', 'https://www.example.ae', listed)).toEqual({ allowOrigin: 'https://www.example.ae', credentials: false });
    expect(corsGrant('/api/v1/contact-us', 'https://evil.example', listed)).toBeUndefined();
  });

  it("gives everything else only to the service's own origin, with credentials", () => {
    for (const settings of [open, listed]) {
      expect(corsGrant('/admin/access-token', 'https://cms.example.ae', settings)).toEqual({ allowOrigin: 'https://cms.example.ae', credentials: true });
      expect(corsGrant('/admin/access-token', 'https://evil.example', settings)).toBeUndefined();
      expect(corsGrant('/contacts-export/contacts.csv', 'https://www.example.ae', settings)).toBeUndefined();
    }
  });

  it('grants nothing to a request without an Origin', () => {
    expect(corsGrant('/api/v1/luxury', '', open)).toBeUndefined();
  });
});

describe('strapiCorsOptions', () => {
  const request = (path: string, origin: string) => ({ path, get: (name: string) => (name === 'Origin' ? origin : '') });
  const options = strapiCorsOptions([' https://www.example.ae ', ''], () => 'https://cms.example.ae');

  it('hands Strapi the one allowed origin, and credentials only for the admin on its own origin', () => {
    expect(options.origin(request('/api/v1/luxury', 'https://www.example.ae'))).toEqual(['https://www.example.ae']);
    expect(options.credentials(request('/api/v1/luxury', 'https://www.example.ae'))).toBe(false);
    expect(options.origin(request('/api/v1/luxury', 'https://evil.example'))).toEqual([]);
    expect(options.origin(request('/admin/login', 'https://cms.example.ae'))).toEqual(['https://cms.example.ae']);
    expect(options.credentials(request('/admin/login', 'https://cms.example.ae'))).toBe(true);
    expect(options.credentials(request('/admin/login', 'https://evil.example'))).toBe(false);
  });
});
