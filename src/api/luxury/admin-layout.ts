/** How editors see the luxury page's sections, testimonials and components in the Content Manager. */
import type { AdminLayout, FieldLayout } from '../../lib/admin-layout';

const SHOWN: FieldLayout = {
  label: 'Show on the website',
  hint: 'Switch off and publish to hide this section from the website.',
  column: 'Shown',
};

const IMAGE_WIDE = 'A landscape photo, at least 1920 × 1080 pixels. JPEG or WebP.';
const LINK_HINT = 'A page of the site (e.g. /contact-us) or a full address (https://...).';

const section = (name: string, fields: Record<string, FieldLayout>): AdminLayout => ({
  uid: `api::luxury.luxury-${name}`,
  kind: 'contentType',
  fields: { ...fields, is_active: SHOWN },
});

const button = (which: 'First' | 'Second', example: string): [FieldLayout, FieldLayout] => [
  { label: `${which} button: text`, hint: `The words on the button, e.g. "${example}".` },
  { label: `${which} button: link`, hint: LINK_HINT },
];

const [hero1Text, hero1Link] = button('First', 'Explore Properties');
const [hero2Text, hero2Link] = button('Second', 'Speak to an Advisor');
const [cta1Text, cta1Link] = button('First', 'Book a Consultation');
const [cta2Text, cta2Link] = button('Second', 'Browse Off-Plan Projects');

export const LUXURY_LAYOUTS: AdminLayout[] = [
  section('hero', {
    title: { label: 'Headline', hint: 'The large title on the first screen; about 60 characters at most reads best.' },
    subtitle: { label: 'Subtitle', hint: 'One or two sentences under the headline.' },
    cta_button_1_text: hero1Text,
    cta_button_1_link: hero1Link,
    cta_button_2_text: hero2Text,
    cta_button_2_link: hero2Link,
    background_image: { label: 'Background image', hint: `Behind the headline, darkened. ${IMAGE_WIDE}` },
  }),
  section('trusted', {
    title: { label: 'Title', hint: 'Shown before the year, e.g. "Trusted by Discerning Buyers Since".' },
    year: { label: 'Year', hint: 'The year shown large after the title, e.g. 2008.' },
    description: { label: 'Text', hint: 'A short paragraph: why clients trust you.' },
    image: { label: 'Image', hint: 'Beside the text. At least 1200 × 800 pixels.' },
  }),
  section('advisors', {
    title: { label: 'Title' },
    description: { label: 'Text', hint: 'A short paragraph about the advisory team.' },
    images: { label: 'Carousel images', hint: 'The website shows the first image; drag the images to change which comes first.' },
  }),
  section('communities', {
    communities: { label: 'Community cards', hint: 'Shown in this order; drag a card to move it.' },
  }),
  section('destination', {
    title: { label: 'Title' },
    description: { label: 'Text', hint: 'A short introduction above the points.' },
    points: { label: 'Numbered points', hint: 'Exactly 5 points, shown in this order.' },
    image: { label: 'Image', hint: 'Beside the points. At least 1200 × 800 pixels.' },
  }),
  section('experience', {
    title: { label: 'Title' },
    description: { label: 'Text', hint: 'A short introduction above the services.' },
    services: { label: 'Services', hint: 'Exactly 5 services, shown in this order.' },
    image: { label: 'Image', hint: 'Beside the services. At least 1200 × 800 pixels.' },
  }),
  section('signature', {
    title: { label: 'Title' },
    description: { label: 'Text' },
    link_text: { label: 'Link text', hint: 'e.g. "View the Signature Collection".' },
    link_url: { label: 'Link', hint: LINK_HINT },
  }),
  section('cta', {
    title: { label: 'Title', hint: 'The closing invitation, e.g. "Begin Your Search for an Exceptional Home".' },
    description: { label: 'Text' },
    button_1_text: cta1Text,
    button_1_link: cta1Link,
    button_2_text: cta2Text,
    button_2_link: cta2Link,
    background_image: { label: 'Background image', hint: `Behind the text, darkened. ${IMAGE_WIDE}` },
  }),
  {
    uid: 'api::luxury.luxury-seo',
    kind: 'contentType',
    fields: {
      seo: { label: 'Search engines', hint: 'What Google and link previews show for the luxury page as a whole.' },
    },
  },
  {
    uid: 'api::luxury.luxury-testimonial',
    kind: 'contentType',
    fields: {
      reviewer_name: { label: "Reviewer's name", column: 'Reviewer' },
      location: { label: "Reviewer's location", hint: 'City and country, e.g. "London, United Kingdom".' },
      rating: { label: 'Rating', hint: 'Stars, a whole number from 1 to 5.' },
      title: { label: 'Headline', hint: 'A few words above the review, e.g. "Seamless from London".' },
      text: { label: 'Review', hint: "The client's words." },
      order: { label: 'Display order', hint: 'Lower numbers are shown first. Gaps (10, 20, 30) leave room to slot a review in between.', column: 'Order' },
      client_photo: { label: "Reviewer's photo", hint: 'Optional. A square portrait, at least 400 × 400 pixels.' },
      is_active: { label: 'Show on the website', hint: 'Switch off and publish to hide this review without deleting it.', column: 'Shown' },
    },
    entryTitle: 'reviewer_name',
    columns: ['reviewer_name', 'rating', 'order', 'is_active'],
    sort: { by: 'order', order: 'ASC' },
  },
  {
    uid: 'luxury.community-card',
    kind: 'component',
    fields: {
      name: { label: 'Community', hint: 'e.g. "Palm Jumeirah".' },
      city: { label: 'City', hint: 'e.g. "Dubai".' },
      image: { label: 'Image', hint: 'A photo of the community, at least 800 × 600 pixels.' },
    },
    entryTitle: 'name',
  },
  {
    uid: 'luxury.destination-point',
    kind: 'component',
    fields: {
      number: { label: 'Number', hint: 'The number shown before the point, 1 to 5.' },
      text: { label: 'Point' },
    },
    entryTitle: 'text',
  },
  {
    uid: 'luxury.experience-service',
    kind: 'component',
    fields: {
      title: { label: 'Service', hint: 'e.g. "Private viewings".' },
      description: { label: 'Description', hint: 'One or two sentences.' },
    },
    entryTitle: 'title',
  },
];
