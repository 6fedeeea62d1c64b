/**
 * A page's sections as the website reads them (decision 168), in the editor's order, each with a stable
 * `type` and its fields in a fixed shape (empty text as "", a missing image as null). Editorial sections
 * are what the editor wrote; a live section names what it asks of a catalogue (`LiveAsk`) and carries
 * the answer the catalogue gave when the page was built (`liveSection`), naming the catalogue by the
 * registry's spelling (decision 204). Pure but for the registry of catalogues it reads.
 */
import type { OptionalMediaUrl } from '../../../lib/media';
import { catalogueNamed, catalogueSpelled, firstCatalogue, spellingOf } from '../../catalogues/services/registry';
import { sectionQuery, type Catalogue } from './live-queries';

/** A dynamic-zone entry as the Document Service reads it. */
export interface SectionRecord {
  __component: string;
  [field: string]: unknown;
}

/** What a live section asks of a catalogue: its listing query string and how many cards it shows. */
export interface LiveAsk {
  catalogue: Catalogue;
  query: string;
  limit: number;
}

export const DEFAULT_LIVE_LIMIT = 6;

type Data = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const list = (value: unknown): Data[] => (Array.isArray(value) ? (value as Data[]) : []);
const limitOf = (value: unknown): number => (typeof value === 'number' && value >= 1 ? value : DEFAULT_LIVE_LIMIT);
/** A cards section's catalogue: the one its component is named after (`sections.projects`: `projects`), its part the record's (a listings section's `purpose`). */
const cardsOf = (name: string, record: Data = {}): Catalogue => spellingOf(catalogueNamed(name) ?? firstCatalogue(), record);
/** A map's or figures' catalogue as the editor chose it; one no catalogue spells (none chosen) is the first catalogue's. */
const catalogueOf = (value: unknown): Catalogue => (catalogueSpelled(value) ? (value as Catalogue) : firstCatalogue().spellings[0].spelling);
/** The editor's query asked of `catalogue`, for `limit` cards. */
const askOf = (catalogue: Catalogue, record: SectionRecord, limit: number): LiveAsk => ({ catalogue, query: sectionQuery(catalogue, text(record.query)), limit });
const linkOf = (value: unknown) => {
  const link = value as Data | null | undefined;
  return link ? { label: text(link.label), url: text(link.url) } : null;
};

/** Each editorial component's `type` and fields; `image` makes a media file its URL. */
const EDITORIAL: Record<string, (record: SectionRecord, image: OptionalMediaUrl) => Data> = {
  'sections.hero': (record, image) => ({ type: 'hero', title: text(record.title), subtitle: text(record.subtitle), image: image(record.image as never), cta: linkOf(record.cta) }),
  'sections.image-text': (record, image) => ({
    type: 'image_text',
    title: text(record.title),
    text: text(record.text),
    image: image(record.image as never),
    image_side: record.image_side === 'start' ? 'start' : 'end',
  }),
  'sections.points': (record) => ({
    type: 'points',
    title: text(record.title),
    points: list(record.points).map((point) => ({ number: typeof point.number === 'number' ? point.number : null, text: text(point.text) })),
  }),
  'sections.services': (record) => ({
    type: 'services',
    title: text(record.title),
    services: list(record.services).map((service) => ({ title: text(service.title), description: text(service.description) })),
  }),
  'sections.testimonials': (record, image) => ({
    type: 'testimonials',
    title: text(record.title),
    testimonials: list(record.testimonials)
      .filter((item) => item.is_active !== false)
      .map((item) => ({
        id: item.id,
        reviewer_name: text(item.reviewer_name),
        location: text(item.location),
        rating: typeof item.rating === 'number' ? item.rating : null,
        title: text(item.title),
        text: text(item.text),
        client_photo: image(item.client_photo as never),
      })),
  }),
  'sections.call-to-action': (record, image) => ({ type: 'call_to_action', title: text(record.title), text: text(record.text), link: linkOf(record.link), image: image(record.image as never) }),
  // Strapi's blocks as stored: the website renders them with Strapi's own blocks renderer.
  'sections.rich-text': (record) => ({ type: 'rich_text', title: text(record.title), body: Array.isArray(record.body) ? record.body : [] }),
  'sections.gallery': (record, image) => ({
    type: 'gallery',
    title: text(record.title),
    images: list(record.images).map((file) => ({ url: image(file as never), alt: text(file.alternativeText) })).filter((item) => item.url !== null),
  }),
  'sections.faq': (record) => ({
    type: 'faq',
    title: text(record.title),
    items: list(record.items).map((item) => ({ question: text(item.question), answer: text(item.answer) })),
  }),
  'sections.enquiry-form': (record) => ({
    type: 'enquiry_form',
    title: text(record.title),
    text: text(record.text),
    enquiry_type: text(record.enquiry_type) || 'general',
    project: text(record.project) || null,
    listing: text(record.listing) || null,
  }),
};

/** Each live component: its `type`, and what it asks of which catalogue (an area: the off-plan projects of its community). */
const LIVE: Record<string, { type: string; ask(record: SectionRecord): LiveAsk }> = {
  'sections.projects': { type: 'projects', ask: (record) => askOf(cardsOf('projects', record), record, limitOf(record.limit)) },
  'sections.listings': { type: 'listings', ask: (record) => askOf(cardsOf('listings', record), record, limitOf(record.limit)) },
  // A map and figures show no cards: one is asked, as the listing pages by at least one.
  'sections.map': { type: 'map', ask: (record) => askOf(catalogueOf(record.catalogue), record, 1) },
  'sections.figures': { type: 'figures', ask: (record) => askOf(catalogueOf(record.catalogue), record, 1) },
  'sections.area': {
    type: 'area',
    ask: (record) => {
      const catalogue = cardsOf('projects');
      return { catalogue, query: sectionQuery(catalogue, '', { location: text(record.community) }), limit: limitOf(record.limit) };
    },
  },
};

/** The component names a page's `sections` may hold, editorial and live. */
export const SECTION_COMPONENTS = [...Object.keys(EDITORIAL), ...Object.keys(LIVE)];

/** What a live section asks, or undefined for an editorial one. */
export const liveAsk = (record: SectionRecord): LiveAsk | undefined => LIVE[record.__component]?.ask(record);

/** The `type` of a live section. */
export const liveType = (record: SectionRecord): string => LIVE[record.__component]?.type ?? 'unknown';

/** An editorial section's answer, or undefined for a live one (or a component this code does not know). */
export const editorialSection = (record: SectionRecord, image: OptionalMediaUrl): Data | undefined => EDITORIAL[record.__component]?.(record, image);

/** The editor's title of any section. */
export const sectionTitle = (record: SectionRecord): string => text(record.title);

/** An area section's community. */
export const areaCommunity = (record: SectionRecord): string => text(record.community);
