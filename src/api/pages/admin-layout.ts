/** How editors see composed pages and their sections in the Content Manager. */
import type { AdminLayout } from '../../lib/admin-layout';

const LIVE_QUERY_HINT =
  'The projects or homes this section shows: pick the filters and the order, and see beside them how many match and the first cards, as the page will show them. The number of cards is the limit below.';
const CATALOGUE_HINT = 'Which homes: off-plan projects, or the agency’s homes for sale or for rent.';
const title = { label: 'Title', hint: 'The heading of the section; may be empty.' };
const image = { label: 'Image', hint: 'At least 1600 pixels wide.' };
const limit = { label: 'Number of cards', hint: 'From 1 to 24; 6 when empty.' };

export const PAGES_LAYOUTS: AdminLayout[] = [
  {
    uid: 'api::pages.page',
    kind: 'contentType',
    fields: {
      title: { label: 'Title', hint: 'The page’s heading and, unless set under Search engines, its title in search results.' },
      slug: {
        label: 'Address name',
        hint: 'The end of the page’s address, e.g. beachfront-launches: lower-case words and digits joined by hyphens. Changing it keeps the old address leading here.',
      },
      kind: { label: 'Kind', hint: 'A landing page (campaigns, launches) or an area guide (one community).' },
      community: { label: 'Community (area guides)', hint: 'Type a few letters and pick the community: the explore links and the search box can point to this guide.' },
      summary: { label: 'Summary', hint: 'One or two sentences shown on lists of pages and, unless set under Search engines, in search results.' },
      image: { label: 'Image', hint: 'Shown on lists of pages and in link previews.' },
      seo: { label: 'Search engines', hint: 'Any field left empty shows the page’s title, summary and image.' },
      sections: { label: 'Sections', hint: 'In the order the website shows them. Live sections (projects, listings, map, figures, area) are read from the feed whenever the page is.' },
    },
    entryTitle: 'title',
    columns: ['title', 'slug', 'kind'],
    sort: { by: 'title', order: 'ASC' },
  },
  { uid: 'sections.hero', kind: 'component', fields: { title: { label: 'Heading' }, subtitle: { label: 'Subtitle' }, image, cta: { label: 'Button' } }, entryTitle: 'title' },
  {
    uid: 'sections.image-text',
    kind: 'component',
    fields: { title, text: { label: 'Text' }, image, image_side: { label: 'Image side', hint: 'start: before the text (left in English, right in Arabic); end: after it.' } },
    entryTitle: 'title',
  },
  { uid: 'sections.points', kind: 'component', fields: { title, points: { label: 'Points' } }, entryTitle: 'title' },
  { uid: 'sections.services', kind: 'component', fields: { title, services: { label: 'Services' } }, entryTitle: 'title' },
  { uid: 'sections.testimonials', kind: 'component', fields: { title, testimonials: { label: 'Testimonials', hint: 'Chosen from the testimonials collection; hidden ones are left out.' } }, entryTitle: 'title' },
  { uid: 'sections.call-to-action', kind: 'component', fields: { title: { label: 'Heading' }, text: { label: 'Text' }, link: { label: 'Button' }, image }, entryTitle: 'title' },
  { uid: 'sections.rich-text', kind: 'component', fields: { title, body: { label: 'Text', hint: 'Headings, paragraphs, lists, quotes and links.' } }, entryTitle: 'title' },
  { uid: 'sections.gallery', kind: 'component', fields: { title, images: { label: 'Images', hint: 'Shown in this order; their alternative text describes them.' } }, entryTitle: 'title' },
  { uid: 'sections.faq', kind: 'component', fields: { title, items: { label: 'Questions', hint: 'Search engines read them too.' } }, entryTitle: 'title' },
  {
    uid: 'sections.enquiry-form',
    kind: 'component',
    fields: {
      title,
      text: { label: 'Text', hint: 'A sentence above the form.' },
      enquiry_type: { label: 'Enquiry type', hint: 'What the form asks for: its leads are routed by it.' },
      project: { label: 'Project (optional)', hint: 'The project the form is about: type a few letters of its name and pick it.' },
      listing: { label: 'Listing (optional)', hint: 'The home for sale or rent the form is about: type its reference and pick it.' },
    },
    entryTitle: 'title',
  },
  { uid: 'sections.projects', kind: 'component', fields: { title, query: { label: 'Listing query', hint: LIVE_QUERY_HINT }, limit }, entryTitle: 'title' },
  {
    uid: 'sections.listings',
    kind: 'component',
    fields: { title, purpose: { label: 'For sale or rent' }, query: { label: 'Listing query', hint: LIVE_QUERY_HINT }, limit },
    entryTitle: 'title',
  },
  { uid: 'sections.map', kind: 'component', fields: { title, catalogue: { label: 'Homes', hint: CATALOGUE_HINT }, query: { label: 'Listing query', hint: LIVE_QUERY_HINT } }, entryTitle: 'title' },
  { uid: 'sections.figures', kind: 'component', fields: { title, catalogue: { label: 'Homes', hint: CATALOGUE_HINT }, query: { label: 'Listing query', hint: LIVE_QUERY_HINT } }, entryTitle: 'title' },
  {
    uid: 'sections.area',
    kind: 'component',
    fields: { title, community: { label: 'Community', hint: 'Type a few letters and pick the community: its figures, projects and map.' }, limit },
    entryTitle: 'title',
  },
];
