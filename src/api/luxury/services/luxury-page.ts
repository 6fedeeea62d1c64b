/**
 * Pure shaping of the luxury page (contract "Luxury page"; decisions 5-8): records in, the `data`
 * object of GET /api/v1/luxury out. Inactive or never-saved sections are null, texts never null.
 */
import type { MediaFile, MediaUrl, OptionalMediaUrl } from '../../../lib/media';

type Text = string | null | undefined;

interface Section {
  is_active?: boolean | null;
}

export interface HeroRecord extends Section {
  title?: Text; subtitle?: Text;
  cta_button_1_text?: Text; cta_button_1_link?: Text; cta_button_2_text?: Text; cta_button_2_link?: Text;
  background_image?: MediaFile | null;
}
export interface TrustedRecord extends Section { title?: Text; year?: Text; description?: Text; image?: MediaFile | null }
export interface AdvisorsRecord extends Section { title?: Text; description?: Text; images?: MediaFile[] | null }
export interface CommunitiesRecord extends Section { communities?: Array<{ name?: Text; city?: Text; image?: MediaFile | null }> | null }
export interface DestinationRecord extends Section {
  title?: Text; description?: Text; points?: Array<{ number?: number | null; text?: Text }> | null; image?: MediaFile | null;
}
export interface ExperienceRecord extends Section {
  title?: Text; description?: Text; services?: Array<{ title?: Text; description?: Text }> | null; image?: MediaFile | null;
}
export interface SignatureRecord extends Section { title?: Text; description?: Text; link_text?: Text; link_url?: Text }
export interface CtaRecord extends Section {
  title?: Text; description?: Text;
  button_1_text?: Text; button_1_link?: Text; button_2_text?: Text; button_2_link?: Text;
  background_image?: MediaFile | null;
}
export interface TestimonialRecord extends Section {
  id: number; reviewer_name?: Text; location?: Text; rating?: number | null; title?: Text; text?: Text;
  order?: number | null; client_photo?: MediaFile | null;
}

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
}

export interface MediaUrls {
  image: MediaUrl;
  optionalImage: OptionalMediaUrl;
}

const text = (value: Text): string => value ?? '';

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
  };
}

export type LuxuryPage = ReturnType<typeof buildLuxuryPage>;
