import { describe, expect, it } from 'vitest';
import { surrogateKeysOf, declareLocalizedSurrogateKey, edgeHeadersFor } from '../../src/lib/http-caching';
import { siteRouteOf } from '../../src/lib/site-routes';
import luxuryRoutes from '../../src/api/luxury/routes/luxury';
import offPlanRoutes from '../../src/api/off-plan/routes/off-plan';
import { localeParam, localized, localizedSources, westernDigits, withFallback } from '../../src/lib/locale';
import { foldForSearch, searchWords } from '../../src/api/catalogues/services/vocabulary';
import { projectIn } from '../../src/api/off-plan/lib/project-locale';
import { LISTING_WORDS } from '../../src/api/off-plan/lib/listing-words';
import type { NormalisedProject } from '../../src/plugins/extsource/server/src/public';

describe('the locale of a request', () => {
  it.each([
    [undefined, 'en'], ['', 'en'], ['  ', 'en'], ['en', 'en'], ['ar', 'ar'], ['AR', 'ar'], [' ar ', 'ar'],
    ['fr', undefined], ['ar-AE', undefined], [['ar', 'en'], undefined], [{ ar: 1 }, undefined],
  ])('%j is %s', (value, locale) => expect(localeParam(value)).toBe(locale));

  it('names the default locale as before and any other with its suffix', () => {
    expect(localized('luxury_page_data', 'en')).toBe('luxury_page_data');
    expect(localized('luxury_page_data', 'ar')).toBe('luxury_page_data:ar');
    expect(localizedSources(['a', 'b'], 'en')).toEqual(['a', 'b']);
    expect(localizedSources(['a', 'b'], 'ar')).toEqual(['a', 'b', 'a:ar', 'b:ar']);
  });

  it('reads Arabic-Indic and Extended Arabic-Indic digits as Western ones', () => {
    expect(westernDigits('٢٠٢٧')).toBe('2027');
    expect(westernDigits('۱۲۳۴۵۶۷۸۹۰')).toBe('1234567890');
    expect(westernDigits('Q3 2027')).toBe('Q3 2027');
  });
});

describe('withFallback (decision 54)', () => {
  type Entry = Record<string, unknown>;
  const english: Entry = { title: 'Hello', subtitle: 'World', image: { url: '/a.jpg' }, points: [{ number: 1, text: 'One' }, { number: 2, text: 'Two' }], is_active: true };

  it('keeps what is translated and takes the English value of every empty field', () => {
    const arabic: Entry = { title: 'مرحبا', subtitle: '  ', image: null, points: [{ number: 1, text: 'واحد' }, { number: 2, text: '' }], is_active: true };
    expect(withFallback(arabic, english)).toEqual({
      title: 'مرحبا', subtitle: 'World', image: { url: '/a.jpg' }, points: [{ number: 1, text: 'واحد' }, { number: 2, text: 'Two' }], is_active: true,
    });
  });

  it('is the English record whole when there is no translation, and the translation when there is no English', () => {
    expect(withFallback(null, english)).toBe(english);
    expect(withFallback(undefined, english)).toBe(english);
    expect(withFallback<Entry>({ title: 'مرحبا' }, null)).toEqual({ title: 'مرحبا' });
    expect(withFallback(null, null)).toBeNull();
  });

  it('takes an English list for an empty one, and keeps items the translation has beyond the English ones', () => {
    expect(withFallback<Entry>({ points: [] }, english)).toMatchObject({ points: english.points });
    expect(withFallback({ points: ['a', 'b', 'c'] }, { points: ['x'] })).toEqual({ points: ['a', 'b', 'c'] });
  });

  it('takes the shared fields from the English record whatever the translation holds', () => {
    const arabic: Entry = { title: 'مرحبا', image: { url: '/old.jpg' }, is_active: false };
    expect(withFallback(arabic, english, ['image', 'is_active'])).toMatchObject({ title: 'مرحبا', image: { url: '/a.jpg' }, is_active: true });
    expect(withFallback<Entry>({ image: { url: '/own.jpg' } }, null, ['image'])).toEqual({ image: { url: '/own.jpg' } });
  });

  it('keeps false and 0: only missing, null, blank text and empty lists are empty', () => {
    expect(withFallback({ is_active: false, order: 0 }, { is_active: true, order: 10 })).toEqual({ is_active: false, order: 0 });
  });
});

describe('search folding (decision 57)', () => {
  it('folds the ways Arabic letters are written to one', () => {
    expect(foldForSearch('أحمد')).toBe(foldForSearch('احمد'));
    expect(foldForSearch('إمارة')).toBe(foldForSearch('اماره'));
    expect(foldForSearch('آفاق')).toBe(foldForSearch('افاق'));
    expect(foldForSearch('مرسى')).toBe(foldForSearch('مرسي'));
    expect(foldForSearch('دبـــي')).toBe('دبي');
    expect(foldForSearch('مَرْسَى')).toBe(foldForSearch('مرسى'));
    expect(foldForSearch('٢٠٢٧')).toBe('2027');
  });

  it('leaves Latin text as it was, but for its case', () => {
    expect(foldForSearch('Palm Jumeirah 2')).toBe('palm jumeirah 2');
    expect(searchWords('Sóbha Hartland')).toEqual(['sobha', 'hartland']);
  });

  it('splits Arabic into words as it splits English', () => {
    expect(searchWords('نخلة جميرا، دبي')).toEqual(['نخله', 'جميرا', 'دبي']);
  });
});

describe('a project as the Arabic site shows it', () => {
  const project = {
    id: '3001', ref_no: 'OP-3001', name: 'Palm Residences', location: 'Business Bay, Dubai', developer: { id: 1, name: 'Emaar', slug: 'emaar', logo: '' },
    bedrooms: { label: '1 - 3 Bedrooms', types: ['1', '2', '3'] }, price: { starting_from: null, formatted: 'Price on request', currency: 'AED' },
    completion: { date: 'Q3 2027', year: '2027' }, image: '', images: [], state_id: 'DU', state_name: 'Dubai', city: 'Dubai', community: 'Business Bay',
    community_id: '1', sub_community: '', category: 'Apartment', status: 'Off-Plan', agent: { name: '', phone: '' }, badge: 'On Sale',
    address: 'Business Bay, Dubai', specs: { beds: '1 - 3 Bedrooms', bathrooms: '', area: '650 - 1,900 sq.ft' }, description: 'English text',
    apartments: [], facilities: [], coordinates: null, gallery: [], payment_plans: [], completion_sort: '2027-09', property_types: [], size_range_sqft: null,
    translations: { ar: { name: 'ريزيدنسز النخلة', description: '', location: 'الخليج التجاري، دبي', city: 'دبي', community: 'الخليج التجاري', sub_community: '', badge: '' } },
  } as NormalisedProject;

  it('uses the provider Arabic where it has it, English where it has none, and the service Arabic for its own words', () => {
    const arabic = projectIn(project, 'ar');
    expect(arabic).toMatchObject({
      name: 'ريزيدنسز النخلة', description: 'English text', location: 'الخليج التجاري، دبي', address: 'الخليج التجاري، دبي', city: 'دبي',
      community: 'الخليج التجاري', state_name: 'دبي', status: 'على الخريطة', category: 'شقة', badge: 'متاح للبيع',
      bedrooms: { label: '1 - 3 غرف نوم', types: ['1', '2', '3'] }, specs: { beds: '1 - 3 غرف نوم', bathrooms: '', area: '650 - 1,900 قدم مربع' },
      price: { starting_from: null, formatted: 'السعر عند الطلب', currency: 'AED' }, completion: { date: 'الربع الثالث 2027', year: '2027' },
    });
    expect(arabic.id).toBe(project.id);
    expect(projectIn(project, 'en')).toBe(project);
  });

  it('names bedrooms in Arabic', () => {
    const label = LISTING_WORDS.ar.bedroomsLabel;
    expect(label(['Studio'])).toBe('استوديو');
    expect(label(['1'])).toBe('غرفة نوم واحدة');
    expect(label(['4'])).toBe('4 غرف نوم');
    expect(label(['3', 'Studio', '1'])).toBe('استوديو - 3 غرف نوم');
    expect(label([])).toBe('');
  });
});

describe('surrogate keys per locale (decision 55)', () => {
  it('purges the Arabic answers for an Arabic write, and both for an English one', () => {
    declareLocalizedSurrogateKey('unit-page', 'api::unit.page');
    expect(surrogateKeysOf(['api::unit.page:ar'])).toEqual(['unit-page:ar']);
    expect(surrogateKeysOf(['api::unit.page'])).toEqual(['unit-page']);
  });

  it('gives an Arabic answer its own key beside the English one, never for provider data or media', () => {
    const [luxury] = luxuryRoutes.routes.map(siteRouteOf);
    const filters = offPlanRoutes.routes.map(siteRouteOf).find((route) => route?.path === '/v1/off-plan/projects/filters');
    expect(edgeHeadersFor(luxury!.cache)['Surrogate-Key']).toBe('luxury media');
    expect(edgeHeadersFor(luxury!.cache, 'ar')['Surrogate-Key']).toBe('luxury media luxury:ar');
    expect(edgeHeadersFor(filters!.cache, 'ar')['Surrogate-Key']).toBe('projects');
  });
});
