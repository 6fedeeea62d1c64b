/**
 * The pure parts of composed pages (decision 168): the query a live section asks, the figures' arithmetic
 * and the map's box, a live section whose query no longer reads, and where a refused query is shown.
 */
import { describe, expect, it } from 'vitest';
import { bboxOf, median, priceFigures } from '../../src/lib/catalogue/figures';
import { fittingZoom } from '../../src/lib/catalogue/geo-query';
import { liveSection, type CatalogueLinks } from '../../src/api/pages/lib/live-answers';
import { checkSentence, inCurrency, sectionQuery } from '../../src/api/pages/lib/live-queries';
import { liveAsk } from '../../src/api/pages/lib/sections';
import { sectionProblems } from '../../src/api/pages/services/page-writes';

describe('a live section\'s query', () => {
  it('keeps the editor\'s filters and sort, sets what the section owns, and reads the same written either way', () => {
    expect(sectionQuery('off_plan', '?state_id=DU&page=3&per_page=50&currency=USD&bbox=1,2,3,4&zoom=9&sort=price_asc')).toBe('sort=price_asc&state_id=DU');
    expect(sectionQuery('rent', 'purpose=sale&bedrooms=2')).toBe('bedrooms=2&purpose=rent');
    expect(sectionQuery('off_plan', 'sort=price_asc&state_id=DU')).toBe(sectionQuery('off_plan', 'state_id=DU&sort=price_asc'));
    expect(sectionQuery('off_plan', '', { location: 'Dubai Marina' })).toBe('location=Dubai+Marina');
    expect(inCurrency('state_id=DU', 'USD')).toBe('state_id=DU&currency=USD');
    expect(inCurrency('state_id=DU', undefined)).toBe('state_id=DU');
  });

  it('asks each catalogue its own way: projects, listings by purpose, an area by its community', () => {
    expect(liveAsk({ __component: 'sections.projects', query: 'state_id=DU', limit: 3 })).toEqual({ catalogue: 'off_plan', query: 'state_id=DU', limit: 3 });
    expect(liveAsk({ __component: 'sections.listings', purpose: 'rent', query: '' })).toEqual({ catalogue: 'rent', query: 'purpose=rent', limit: 6 });
    expect(liveAsk({ __component: 'sections.figures', catalogue: 'sale', query: 'state_id=AZ' })).toMatchObject({ catalogue: 'sale', query: 'purpose=sale&state_id=AZ' });
    expect(liveAsk({ __component: 'sections.area', community: 'JVC', limit: 2 })).toEqual({ catalogue: 'off_plan', query: 'location=JVC', limit: 2 });
    expect(liveAsk({ __component: 'sections.faq', items: [] })).toBeUndefined();
  });
});

describe('figures', () => {
  it('takes the median, not the mean, and leaves out what has no price or size', () => {
    expect(median([])).toBeNull();
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    const prices = Float64Array.from([1_000_000, NaN, 2_000_000, 90_000_000]);
    const sizes = [1000, 500, null, 1000];
    expect(priceFigures([0, 1, 2, 3], prices, (position) => sizes[position])).toEqual({ count: 4, min: 1_000_000, max: 90_000_000, medianPerSqft: 45_500 });
    expect(priceFigures([1], prices, () => 100)).toEqual({ count: 1, min: null, max: null, medianPerSqft: null });
  });

  it('boxes what is on the map, and opens the map at the closest zoom that shows the box', () => {
    const geo = { all: { lng: Float64Array.from([55.1, 55.3]), lat: Float64Array.from([25.0, 25.2]) }, memberOf: Int32Array.from([0, -1, 1]) } as never;
    expect(bboxOf(geo, [0, 1, 2])).toEqual([55.1, 25.0, 55.3, 25.2]);
    expect(bboxOf(geo, [1])).toBeNull();
    expect(fittingZoom([55.1, 25.0, 55.3, 25.2])).toBe(14);
    expect(fittingZoom([51, 22, 56.5, 26.5])).toBe(10);
    expect(fittingZoom([-180, -90, 180, 90])).toBe(4);
  });
});

describe('a live section', () => {
  const links: CatalogueLinks = { listingUrl: (catalogue, query, locale) => `https://site/${locale}/${catalogue}?${query}`, mapPath: () => '/api/v1/off-plan/projects/map' };

  it('whose query no longer reads answers as one that selects nothing, in the same shape', () => {
    const map = liveSection({ __component: 'sections.map', title: 'Map' }, 'off_plan', 'state_id=DU', null, links, 'en');
    expect(map).toEqual({ type: 'map', title: 'Map', catalogue: 'off_plan', query: 'state_id=DU', total: 0, map: { bbox: null, zoom: null, endpoint: '/api/v1/off-plan/projects/map', query: null } });
    const area = liveSection({ __component: 'sections.area', title: '', community: 'JVC' }, 'off_plan', 'location=JVC', null, links, 'ar');
    expect(area).toMatchObject({
      type: 'area',
      community: 'JVC',
      figures: { count: 0, price_from: null, price_to: null, median_price_per_sqft: null, completion_years: [], developers: [] },
      projects: { total: 0, items: [], listing_url: 'https://site/ar/off_plan?location=JVC' },
    });
  });

  it('refused at save names its own field, with the listing\'s sentences', () => {
    const refuse = () => ({ state_id: ['The emirate must be one of: AZ, DU.'], min_price: ['The min price must be a number.'] });
    const problems = sectionProblems([{ __component: 'sections.hero' }, { __component: 'sections.projects', query: 'x' }, { __component: 'sections.area', community: 'y' }], refuse);
    expect(problems).toEqual([
      { path: ['sections', '1', 'query'], message: checkSentence(refuse()), name: 'ValidationError' },
      { path: ['sections', '2', 'community'], message: checkSentence(refuse()), name: 'ValidationError' },
    ]);
    expect(checkSentence(refuse())).toBe('state_id: The emirate must be one of: AZ, DU. min_price: The min price must be a number.');
  });
});
