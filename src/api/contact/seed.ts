/** First-run demo content for the contact page (published): Dubai and Abu Dhabi branches with photos and coordinates, social links with icons, SEO. */
import { withDemoMedia } from '../../lib/seeding/demo-media';
import type { Seeder } from '../../lib/seeding/seed';

const SOCIAL: Array<[network: string, link: string]> = [
  ['instagram', 'https://www.instagram.com/luxuryestates.ae'],
  ['linkedin', 'https://www.linkedin.com/company/luxury-estates-uae'],
  ['youtube', 'https://www.youtube.com/@luxuryestatesuae'],
  ['x', 'https://x.com/luxuryestatesae'],
];

export const contactPageSeeder: Seeder = {
  name: 'contact-page',
  run: (strapi) => withDemoMedia(strapi, async (media) => {
    const social_media = [];
    for (const [network, link] of SOCIAL) social_media.push({ icon: await media.image(`icon-${network}`, `${network} logo`), link });
    await strapi.documents('api::contact.contact-page').create({
      status: 'published',
      data: {
        title: 'Get in Touch',
        description: 'Whether you are buying, selling or investing off-plan, our advisors in Dubai and Abu Dhabi are here to help. We reply to every enquiry within one business day.',
        phone: '+971 4 123 4567',
        email: 'hello@luxuryestates.ae',
        whatsapp: '+971 50 123 4567',
        social_media,
        our_branches: [
          {
            title: 'Dubai Head Office',
            branch_image: await media.image('downtown-day', 'Downtown Dubai towers on a clear day'),
            mobile: '+971 4 123 4567',
            email: 'dubai@luxuryestates.ae',
            location: 'Office 2104, Burj Daman, Al Mustaqbal Street, DIFC, Dubai, United Arab Emirates',
            latitude: 25.2131,
            longitude: 55.2796,
          },
          {
            title: 'Abu Dhabi Branch',
            branch_image: await media.image('beach-resort', 'A white waterfront building on Al Maryah Island'),
            mobile: '+971 2 765 4321',
            email: 'abudhabi@luxuryestates.ae',
            location: 'Level 12, Al Maqam Tower, Abu Dhabi Global Market Square, Al Maryah Island, Abu Dhabi, United Arab Emirates',
            latitude: 24.5009,
            longitude: 54.3878,
          },
        ],
        seo: {
          meta_title: 'Contact Our Luxury Property Advisors in Dubai and Abu Dhabi',
          meta_description: 'Speak to a luxury real estate advisor about villas, penthouses and off-plan projects across the UAE.',
        },
      },
    });
  }),
};
