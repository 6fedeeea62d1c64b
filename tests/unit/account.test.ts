import { describe, expect, it } from 'vitest';
import { profileChange } from '../../src/api/account/lib/profile';
import { savedSearchFields, type QueryCheck } from '../../src/api/account/lib/saved-search';
import { withFavoriteFlags } from '../../src/api/account/lib/favorite-flags';
import { catalogues } from '../../src/api/catalogues/services/registry';
import { parseListingQuery } from '../../src/api/off-plan/lib/query';
import { parseListingQuery as parsePropertiesQuery } from '../../src/api/properties/lib/query';
import { registerBodyProblem } from '../../src/api/account/lib/register-body';
import { listingQueryString } from '../../src/api/off-plan/lib/query-form';
import { checkListingQuery } from '../../src/api/off-plan/services/listing-query';
import { parseQueryString } from '../../src/lib/query-string';

const NOW = new Date('2026-01-02T03:04:05.000Z');

describe('profileChange', () => {
  it('takes the profile fields, trimmed, and ignores any other', () => {
    expect(profileChange({ name: ' Layla ', phone: '+971 50 123 4567', locale: 'AR', role: 3, confirmed: true }, 'en', NOW)).toEqual({
      ok: true, change: { name: 'Layla', phone: '+971 50 123 4567', language: 'ar' },
    });
  });

  it('clears a field sent as null or blank', () => {
    expect(profileChange({ name: null, phone: '  ' }, 'en')).toEqual({ ok: true, change: { name: null, phone: null } });
  });

  it('records consent with its wording and time, and its withdrawal', () => {
    expect(profileChange({ marketing_consent: true, marketing_consent_version: 'v3' }, 'en', NOW)).toEqual({
      ok: true, change: { marketing_consent: true, marketing_consent_version: 'v3', marketing_consent_at: NOW.toISOString() },
    });
    expect(profileChange({ marketing_consent: false }, 'en', NOW)).toEqual({ ok: true, change: { marketing_consent: false, marketing_consent_at: NOW.toISOString() } });
  });

  it('refuses consent without its wording, a wording alone, and a consent that is not a boolean', () => {
    expect(profileChange({ marketing_consent: true }, 'en')).toMatchObject({ ok: false, errors: { marketing_consent_version: [expect.any(String)] } });
    expect(profileChange({ marketing_consent_version: 'v3' }, 'en')).toMatchObject({ ok: false, errors: { marketing_consent: ['The marketing consent must be true or false.'] } });
    expect(profileChange({ marketing_consent: 'yes' }, 'en')).toMatchObject({ ok: false, errors: { marketing_consent: [expect.any(String)] } });
  });

  it('reports every bad field, in Arabic with locale ar', () => {
    const result = profileChange({ name: 'x'.repeat(256), phone: '12', locale: 'fr' }, 'ar');
    expect(result).toEqual({
      ok: false,
      errors: { name: ['يجب ألا يزيد الاسم على 255 حرفًا.'], phone: ['يرجى إدخال رقم هاتف صحيح'], locale: ['يجب أن تكون اللغة إحدى القيم: en, ar.'] },
    });
  });

  it('counts characters, not UTF-16 units: 255 emoji are a name, 256 are too long (issue 66)', () => {
    expect(profileChange({ name: '😀'.repeat(255) }, 'en')).toEqual({ ok: true, change: { name: '😀'.repeat(255) } });
    expect(profileChange({ name: '😀'.repeat(256) }, 'en')).toMatchObject({ ok: false, errors: { name: [expect.stringContaining('255 characters')] } });
  });

  it('refuses a body that changes nothing', () => {
    expect(profileChange({}, 'en')).toEqual({ ok: false, errors: { body: ['Send at least one field to change'] } });
  });
});

const acceptAll = (query: string): QueryCheck => ({ ok: true, normalised: query });

describe('savedSearchFields', () => {
  it('needs a name and a query on create, daily by default', () => {
    expect(savedSearchFields({ name: ' Villas ', query: 'a=1' }, 'en', acceptAll)).toEqual({ ok: true, fields: { name: 'Villas', catalogue: 'projects', query: 'a=1', frequency: 'daily' } });
    expect(savedSearchFields({}, 'en', acceptAll)).toEqual({
      ok: false, errors: { name: ['A name is required'], query: [expect.stringContaining('The query is required')] },
    });
  });

  it('searches the projects or the listings, each query read by its catalogue\'s parser, and never changes catalogue', () => {
    const catalogues: string[] = [];
    const check = (query: string, catalogue: string) => (catalogues.push(catalogue), { ok: true as const, normalised: query });
    expect(savedSearchFields({ name: 'Rent', catalogue: 'listings', query: 'purpose=rent' }, 'en', check)).toMatchObject({ ok: true, fields: { catalogue: 'listings' } });
    expect(catalogues).toEqual(['listings']);
    expect(savedSearchFields({ name: 'x', catalogue: 'homes', query: 'a=1' }, 'en', check)).toEqual({ ok: false, errors: { catalogue: ['The catalogue must be one of: projects, listings.'] } });
    expect(savedSearchFields({ query: 'purpose=sale' }, 'en', check, { partial: true, stored: 'listings' })).toEqual({ ok: true, fields: { query: 'purpose=sale' } });
    expect(catalogues).toEqual(['listings', 'listings']);
    expect(savedSearchFields({ catalogue: 'projects' }, 'en', check, { partial: true, stored: 'listings' })).toEqual({ ok: false, errors: { catalogue: ['The catalogue of a saved search cannot change: save a new search.'] } });
  });

  it('takes any one field on a change', () => {
    expect(savedSearchFields({ frequency: 'weekly' }, 'en', acceptAll, { partial: true })).toEqual({ ok: true, fields: { frequency: 'weekly' } });
    expect(savedSearchFields({ name: null }, 'en', acceptAll, { partial: true })).toMatchObject({ ok: false, errors: { name: ['A name is required'] } });
  });

  it("puts the parser's errors under query.<parameter>", () => {
    const refuse = (): QueryCheck => ({ ok: false, errors: { min_price: ['bad price'] } });
    expect(savedSearchFields({ name: 'x', query: 'min_price=x', frequency: 'hourly' }, 'en', refuse)).toEqual({
      ok: false, errors: { 'query.min_price': ['bad price'], frequency: ['The frequency must be one of: instant, daily, weekly.'] },
    });
  });
});

describe('the listing query written back', () => {
  it('normalises a query: aliases, order, lists, no paging, the sort when not the default', () => {
    expect(checkListingQuery('?page=2&bedrooms=2,1&state_id=dxb&sort=price_asc&project_name=Sea%20View', 'en')).toEqual({
      ok: true, normalised: 'project_name=Sea+View&state_id=DU&bedrooms=1%2C2&sort=price_asc',
    });
  });

  it('reads back to the same filters', () => {
    const raw = 'max_price=9000000&min_price=100&property_type=villa,apartment&amenities=Pool&currency=usd&location=Palm%20Jumeirah';
    const first = parseListingQuery(parseQueryString(raw));
    if (!first.ok) throw new Error('valid query refused');
    const again = parseListingQuery(parseQueryString(listingQueryString(first.query)));
    expect(again.ok && again.query.filters).toEqual(first.query.filters);
  });

  it("gives the listing's own errors in the locale", () => {
    expect(checkListingQuery('min_price=abc', 'en')).toEqual({ ok: false, errors: { min_price: ['The min price must be a number of at least 0.'] } });
  });
});

describe('withFavoriteFlags', () => {
  const flagged = (answer: unknown, projects: string[], listings: string[] = []) =>
    JSON.parse(withFavoriteFlags(Buffer.from(JSON.stringify(answer)), catalogues().map(({ favourites }) => ({ card: favourites.card, keys: new Set(favourites.kind === 'project' ? projects : listings) }))).toString());

  it('flags every card of a listing', () => {
    const listing = { success: true, data: { properties: { data: [{ id: 'a' }, { id: 'b' }] } } };
    expect(flagged(listing, ['b']).data.properties.data).toEqual([{ id: 'a', is_favorited: false }, { id: 'b', is_favorited: true }]);
  });

  it('flags a project answer', () => {
    expect(flagged({ data: { id: 'a', name: 'A' } }, ['a']).data).toEqual({ id: 'a', name: 'A', is_favorited: true });
  });

  it('flags the cards of a sale or rent listing page, a listing and its similar listings, by reference', () => {
    const page = { data: { purpose: 'rent', listings: { data: [{ id: 1, reference: 'LS-1' }, { id: 2, reference: 'LS-2' }] } } };
    expect(flagged(page, ['2'], ['LS-1']).data.listings.data).toEqual([{ id: 1, reference: 'LS-1', is_favorited: true }, { id: 2, reference: 'LS-2', is_favorited: false }]);
    const home = { data: { id: 1, reference: 'LS-1', similar: [{ id: 2, reference: 'LS-2' }] } };
    expect(flagged(home, ['1'], ['LS-2']).data).toEqual({ id: 1, reference: 'LS-1', is_favorited: false, similar: [{ id: 2, reference: 'LS-2', is_favorited: true }] });
  });

  it('flags the cards of its similar projects', () => {
    expect(flagged({ data: { id: 'a', similar: [{ id: 'b' }, { id: 'c' }] } }, ['c']).data).toEqual({ id: 'a', is_favorited: false, similar: [{ id: 'b', is_favorited: false }, { id: 'c', is_favorited: true }] });
  });
});

describe('every other text limit counts characters too (issue 66)', () => {
  const emoji = (count: number) => '😀'.repeat(count);

  it('a saved search\'s name, the marketing consent version, the listings\' project_name and location', () => {
    expect(savedSearchFields({ name: emoji(100), query: 'a=1' }, 'en', acceptAll)).toMatchObject({ ok: true });
    expect(savedSearchFields({ name: emoji(101), query: 'a=1' }, 'en', acceptAll)).toMatchObject({ ok: false, errors: { name: [expect.any(String)] } });
    expect(registerBodyProblem({ marketing_consent_version: emoji(100) })).toBeUndefined();
    expect(registerBodyProblem({ marketing_consent_version: emoji(101) })).toBe('marketing_consent_version must be a string of at most 100 characters');
    expect(parseListingQuery({ project_name: emoji(100), location: `${emoji(99)}a` })).toMatchObject({ ok: true });
    expect(parseListingQuery({ project_name: emoji(101), location: `${emoji(100)}a` })).toEqual({ ok: false, errors: { project_name: [expect.any(String)], location: [expect.any(String)] } });
    expect(parsePropertiesQuery({ purpose: 'sale', location: `${emoji(99)}a` })).toMatchObject({ ok: true });
    expect(parsePropertiesQuery({ purpose: 'sale', location: `${emoji(100)}a` })).toEqual({ ok: false, errors: { location: [expect.any(String)] } });
  });
});
