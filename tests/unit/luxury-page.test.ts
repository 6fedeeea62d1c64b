import { describe, expect, it } from 'vitest';
import { createMediaUrls } from '../../src/lib/media';
import { buildLuxuryPage, type LuxuryRecords } from '../../src/api/luxury/lib/luxury-page';

const media = createMediaUrls('https://site.example', 'https://site.example/images/placeholder.svg');
const none: LuxuryRecords = {
  hero: null, trusted: null, advisors: null, communities: null, destination: null,
  experience: null, signature: null, testimonials: [], cta: null,
};

describe('buildLuxuryPage', () => {
  it('gives null for every section never saved and an empty testimonial list', () => {
    expect(buildLuxuryPage(none, media)).toEqual({
      hero: null, trusted: null, advisors: null, communities: null, destination: null,
      experience: null, signature: null, testimonials: [], cta: null,
      seo: { meta_title: '', meta_description: '', canonical_url: null, og_image: null, noindex: false, keywords: [] },
    });
  });

  it('treats is_active false or missing as hidden', () => {
    const page = buildLuxuryPage({ ...none, signature: { title: 'x', is_active: false }, trusted: { title: 'y' } }, media);
    expect(page.signature).toBeNull();
    expect(page.trusted).toBeNull();
  });

  it('never returns null texts, and builds absolute image URLs or the placeholder', () => {
    const page = buildLuxuryPage({
      ...none,
      hero: { is_active: true, title: 'T', subtitle: null, background_image: { url: '/uploads/hero.jpg' } },
      advisors: { is_active: true, images: [{ url: 'https://cdn.example/a.jpg' }, { url: '/uploads/b.jpg' }] },
      trusted: { is_active: true, image: null },
    }, media);
    expect(page.hero).toEqual({
      title: 'T', subtitle: '', cta_button_1_text: '', cta_button_1_link: '', cta_button_2_text: '', cta_button_2_link: '',
      background_image: 'https://site.example/uploads/hero.jpg',
    });
    expect(page.advisors?.image).toBe('https://cdn.example/a.jpg');
    expect(page.trusted?.image).toBe('https://site.example/images/placeholder.svg');
  });

  it('keeps the editor order of points, services and cards', () => {
    const page = buildLuxuryPage({
      ...none,
      destination: { is_active: true, points: [{ number: 2, text: 'b' }, { number: 1, text: 'a' }] },
      experience: { is_active: true, services: [{ title: 'S2' }, { title: 'S1', description: 'd' }] },
      communities: { is_active: true, communities: [{ name: 'Palm', city: 'Dubai' }, { name: 'Saadiyat', city: null }] },
    }, media);
    expect(page.destination?.points).toEqual([{ number: 2, text: 'b' }, { number: 1, text: 'a' }]);
    expect(page.experience?.services).toEqual([{ title: 'S2', description: '' }, { title: 'S1', description: 'd' }]);
    expect(page.communities?.communities[1]).toEqual({ name: 'Saadiyat', city: '', image: 'https://site.example/images/placeholder.svg' });
  });

  it('lists active testimonials by order, then id', () => {
    const page = buildLuxuryPage({
      ...none,
      testimonials: [
        { id: 9, order: 2, is_active: true, reviewer_name: 'c' },
        { id: 7, order: 1, is_active: true, reviewer_name: 'b' },
        { id: 3, order: 1, is_active: true, reviewer_name: 'a' },
        { id: 1, order: 0, is_active: false, reviewer_name: 'hidden' },
      ],
    }, media);
    expect(page.testimonials.map((item) => item.id)).toEqual([3, 7, 9]);
    expect(page.testimonials[0]).toEqual({
      id: 3, reviewer_name: 'a', location: '', rating: null, title: '', text: '', order: 1, client_photo: null,
    });
  });
});
