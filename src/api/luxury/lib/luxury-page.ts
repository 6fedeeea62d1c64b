/**
 * Pure shaping of the luxury page (contract "Luxury page"; decisions 5-8): records in, the `data`
 * object of GET /api/v1/luxury out. Inactive or never-saved sections are null, texts never null.
 */
import { withFallback } from '../../../lib/locale';
import type { MediaUrl, OptionalMediaUrl } from '../../../lib/media';
import type { RecordOf } from '../../../lib/records';
import { seoExtras } from '../../../lib/seo';

type Text = string | null | undefined;

interface Section {
  is_active?: boolean | null;
}

// The published records, typed from the generated content-type typings (src/lib/records.ts).
export type HeroRecord = RecordOf<'api::luxury.luxury-hero'>;
export type TrustedRecord = RecordOf<'api::luxury.luxury-trusted'>;
export type AdvisorsRecord = RecordOf<'api::luxury.luxury-advisors'>;
export type CommunitiesRecord = RecordOf<'api::luxury.luxury-communities'>;
export type DestinationRecord = RecordOf<'api::luxury.luxury-destination'>;
export type ExperienceRecord = RecordOf<'api::luxury.luxury-experience'>;
export type SignatureRecord = RecordOf<'api::luxury.luxury-signature'>;
export type CtaRecord = RecordOf<'api::luxury.luxury-cta'>;
export type LuxurySeoRecord = RecordOf<'api::luxury.luxury-seo'>;
/**
 * Testimonials are a collection: each has its row id (the tie-break of the display order) and the id of
 * its document, which its translations share.
 */
export type TestimonialRecord = RecordOf<'api::luxury.luxury-testimonial'> & { id: number; documentId?: string };

export interface LuxuryRecords {
  hero: HeroRecord | null;
  trusted: TrustedRecord | null;
  advisors: AdvisorsRecord | null;
  communities: CommunitiesRecord | null;
  destination: DestinationRecord | null;
  experience: ExperienceRecord | null;
  signature: SignatureRecord | null;
  testimonials: TestimonialRecord[];
  cta: CtaRecord | null;
  /** The page's SEO (decision 111); absent: nothing written. */
  seo?: LuxurySeoRecord | null;
}

export interface MediaUrls {
  image: MediaUrl;
  optionalImage: OptionalMediaUrl;
}

const text = (value: Text): string => value ?? '';

type Sections = Omit<LuxuryRecords, 'testimonials'>;

/** The fields each part shares across locales (decision 59), by part. */
export type SharedFields = Record<keyof LuxuryRecords, readonly string[]>;

/**
 * The records of a page in another locale (decision 54): each section's translation completed field by
 * field from the English one (the English one whole when untranslated, the English shared fields
 * always); testimonials likewise, paired by document, and those written only in that locale beside them.
 */
export function translatedRecords(translated: LuxuryRecords, english: LuxuryRecords, shared: SharedFields): LuxuryRecords {
  const sections = Object.fromEntries(
    (Object.keys(english) as Array<keyof LuxuryRecords>)
      .filter((key) => key !== 'testimonials')
      .map((key) => [key, withFallback(translated[key], english[key], shared[key])])
  ) as unknown as Sections;
  const translations = new Map(translated.testimonials.map((item) => [item.documentId, item]));
  const testimonials = english.testimonials.map((item) => withFallback(translations.get(item.documentId), item, shared.testimonials) ?? item);
  const written = new Set(english.testimonials.map((item) => item.documentId));
  testimonials.push(...translated.testimonials.filter((item) => !written.has(item.documentId)));
  return { ...sections, testimonials };
}

/** A section is shown only when it exists and its is_active toggle is on. */
function active<T extends Section>(record: T | null): record is T {
  return record !== null && record.is_active === true;
}

export function byDisplayOrder(a: TestimonialRecord, b: TestimonialRecord): number {
  return (a.order ?? 0) - (b.order ?? 0) || a.id - b.id;
}

export function buildLuxuryPage(records: LuxuryRecords, media: MediaUrls) {
  const { hero, trusted, advisors, communities, destination, experience, signature, cta } = records;
  return {
    hero: active(hero)
      ? {
          title: text(hero.title),
          subtitle: text(hero.subtitle),
          cta_button_1_text: text(hero.cta_button_1_text),
          cta_button_1_link: text(hero.cta_button_1_link),
          cta_button_2_text: text(hero.cta_button_2_text),
          cta_button_2_link: text(hero.cta_button_2_link),
          background_image: media.image(hero.background_image),
        }
      : null,
    trusted: active(trusted)
      ? { title: text(trusted.title), year: text(trusted.year), description: text(trusted.description), image: media.image(trusted.image) }
      : null,
    advisors: active(advisors)
      ? { title: text(advisors.title), description: text(advisors.description), image: media.image(advisors.images?.[0]) }
      : null,
    communities: active(communities)
      ? {
          communities: (communities.communities ?? []).map((card) => ({
            name: text(card.name),
            city: text(card.city),
            image: media.image(card.image),
          })),
        }
      : null,
    destination: active(destination)
      ? {
          title: text(destination.title),
          description: text(destination.description),
          points: (destination.points ?? []).map((point) => ({ number: point.number ?? null, text: text(point.text) })),
          image: media.image(destination.image),
        }
      : null,
    experience: active(experience)
      ? {
          title: text(experience.title),
          description: text(experience.description),
          services: (experience.services ?? []).map((service) => ({ title: text(service.title), description: text(service.description) })),
          image: media.image(experience.image),
        }
      : null,
    signature: active(signature)
      ? { title: text(signature.title), description: text(signature.description), link_text: text(signature.link_text), link_url: text(signature.link_url) }
      : null,
    testimonials: records.testimonials
      .filter((item) => item.is_active === true)
      .sort(byDisplayOrder)
      .map((item) => ({
        id: item.id,
        reviewer_name: text(item.reviewer_name),
        location: text(item.location),
        rating: item.rating ?? null,
        title: text(item.title),
        text: text(item.text),
        order: item.order ?? 0,
        client_photo: media.optionalImage(item.client_photo),
      })),
    cta: active(cta)
      ? {
          title: text(cta.title),
          description: text(cta.description),
          button_1_text: text(cta.button_1_text),
          button_1_link: text(cta.button_1_link),
          button_2_text: text(cta.button_2_text),
          button_2_link: text(cta.button_2_link),
          background_image: media.image(cta.background_image),
        }
      : null,
    seo: pageSeo(records.seo, media),
  };
}

/** The page's SEO block, in its fixed shape whether or not an editor wrote it (it has no is_active: a page always has one). */
function pageSeo(record: LuxurySeoRecord | null | undefined, media: MediaUrls) {
  const seo = record?.seo;
  return { meta_title: text(seo?.meta_title), meta_description: text(seo?.meta_description), ...seoExtras(seo, media.optionalImage) };
}
