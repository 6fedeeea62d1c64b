/** First-run demo content for the luxury page: every section active and published, believable Dubai copy, real images. */
import type { Core } from '@strapi/strapi';
import { withDemoMedia, type DemoMedia } from '../../lib/seeding/demo-media';
import type { Seeder } from '../../lib/seeding/seed';

const DESTINATION_POINTS = [
  'Zero income tax and full foreign ownership in designated freehold areas',
  'Golden Visa residency for property investments from AED 2 million',
  'Rental yields of 6 to 8 percent across prime waterfront communities',
  'World-class schools, healthcare and connectivity within a short drive',
  'A safe, cosmopolitan city with over 200 nationalities calling it home',
];

const SERVICES: Array<[string, string]> = [
  ['Private viewings', 'Discreet, by-appointment tours of on- and off-market residences, arranged around your schedule.'],
  ['Investment advisory', 'Yield modelling, capital growth outlooks and portfolio strategy from our research desk.'],
  ['Off-plan access', 'Priority allocation on launches from Emaar, Omniyat, Meraas and other leading developers.'],
  ['Mortgage and legal', 'Introductions to trusted lenders, conveyancers and Golden Visa specialists.'],
  ['Property management', 'Furnishing, leasing and maintenance handled end to end after the keys are handed over.'],
];

/** Name, city and the demo scene of its card. */
const COMMUNITIES: Array<[string, string, string]> = [
  ['Palm Jumeirah', 'Dubai', 'palm-island'],
  ['Emirates Hills', 'Dubai', 'villa-pool'],
  ['Downtown Dubai', 'Dubai', 'downtown-day'],
  ['Jumeirah Bay Island', 'Dubai', 'island-villa'],
  ['Saadiyat Island', 'Abu Dhabi', 'beach-resort'],
  ['Al Marjan Island', 'Ras Al Khaimah', 'marina-night'],
];

/** Display orders with gaps (10, 20, ...), so a new review can be slotted in between. */
const TESTIMONIALS = [
  { reviewer_name: 'James Whitmore', location: 'London, United Kingdom', rating: 5, title: 'Seamless from London',
    text: 'We bought a Palm Jumeirah villa without flying in until completion. Every document, viewing video and handover detail was handled impeccably.', order: 10 },
  { reviewer_name: 'Aisha Al Mansoori', location: 'Abu Dhabi, UAE', rating: 5, title: 'A true advisory partner',
    text: 'Their off-plan team secured us an early allocation on Saadiyat and walked us through every payment milestone.', order: 20 },
  { reviewer_name: 'Marco Bellini', location: 'Milan, Italy', rating: 5, title: 'Discretion and taste',
    text: 'They understood exactly what we wanted in Emirates Hills and only showed us homes that fit. Rare in any market.', order: 30 },
  { reviewer_name: 'Priya Raman', location: 'Singapore', rating: 4, title: 'Data-led and honest',
    text: 'The yield analysis for our Downtown penthouse was spot on, and they were candid about which buildings to avoid.', order: 40 },
];

async function seedSections(strapi: Core.Strapi, media: DemoMedia): Promise<void> {
  await strapi.documents('api::luxury.luxury-hero').create({
    status: 'published',
    data: {
      title: 'Extraordinary Homes in the Heart of Dubai',
      subtitle: 'Waterfront villas, sky-high penthouses and private island estates, curated for the few who expect more.',
      cta_button_1_text: 'Explore Properties', cta_button_1_link: '/luxury/properties',
      cta_button_2_text: 'Speak to an Advisor', cta_button_2_link: '/contact-us',
      background_image: await media.image('skyline-dusk', 'The Dubai skyline at dusk, seen across the water'),
      is_active: true,
    },
  });
  await strapi.documents('api::luxury.luxury-trusted').create({
    status: 'published',
    data: {
      title: 'Trusted by Discerning Buyers Since', year: '2008',
      description: 'For more than fifteen years we have guided families, founders and family offices through Dubai’s most exclusive addresses, with over AED 12 billion in prime transactions closed.',
      image: await media.image('downtown-day', 'Downtown Dubai towers on a clear day'),
      is_active: true,
    },
  });
  await strapi.documents('api::luxury.luxury-advisors').create({
    status: 'published',
    data: {
      title: 'Advisors Who Live the Market',
      description: 'Our multilingual advisors specialise by community, so the person you speak to knows every tower, plot and view corridor.',
      images: [
        await media.image('penthouse-interior', 'A penthouse living room overlooking the skyline'),
        await media.image('marina-night', 'Dubai Marina towers lit at night'),
        await media.image('villa-pool', 'A modern villa with a pool and palm trees'),
      ],
      is_active: true,
    },
  });
  const communities = [];
  for (const [name, city, scene] of COMMUNITIES) communities.push({ name, city, image: await media.image(scene, `${name}, ${city}`) });
  await strapi.documents('api::luxury.luxury-communities').create({
    status: 'published',
    data: { communities, is_active: true },
  });
  await strapi.documents('api::luxury.luxury-destination').create({
    status: 'published',
    data: {
      title: 'Why the UAE Is the World’s Most Compelling Address',
      description: 'Global wealth keeps moving to the Emirates. These are the reasons our clients give most often.',
      points: DESTINATION_POINTS.map((text, index) => ({ number: index + 1, text })),
      image: await media.image('desert-dunes', 'Desert dunes at golden hour'),
      is_active: true,
    },
  });
  await strapi.documents('api::luxury.luxury-experience').create({
    status: 'published',
    data: {
      title: 'The Private Client Experience',
      description: 'One dedicated team from the first conversation to the day you receive the keys, and long after.',
      services: SERVICES.map(([title, description]) => ({ title, description })),
      image: await media.image('penthouse-interior', 'A penthouse living room overlooking the skyline'),
      is_active: true,
    },
  });
  await strapi.documents('api::luxury.luxury-signature').create({
    status: 'published',
    data: {
      title: 'The Signature Collection',
      description: 'A hand-picked portfolio of residences above AED 20 million, many available only by private introduction.',
      link_text: 'View the Signature Collection', link_url: '/luxury/signature-collection',
      is_active: true,
    },
  });
  await strapi.documents('api::luxury.luxury-cta').create({
    status: 'published',
    data: {
      title: 'Begin Your Search for an Exceptional Home',
      description: 'Tell us what you are looking for and an advisor will prepare a private shortlist within 24 hours.',
      button_1_text: 'Book a Consultation', button_1_link: '/contact-us',
      button_2_text: 'Browse Off-Plan Projects', button_2_link: '/off-plan',
      background_image: await media.image('marina-night', 'Dubai Marina towers lit at night'),
      is_active: true,
    },
  });
}

export const luxurySeeder: Seeder = {
  name: 'luxury-page',
  async run(strapi) {
    await withDemoMedia(strapi, async (media) => {
      await seedSections(strapi, media);
      for (const [index, testimonial] of TESTIMONIALS.entries()) {
        const client_photo = await media.image(`portrait-${index + 1}`, `Portrait of ${testimonial.reviewer_name}`);
        await strapi.documents('api::luxury.luxury-testimonial').create({ status: 'published', data: { ...testimonial, client_photo, is_active: true } });
      }
    });
  },
};
