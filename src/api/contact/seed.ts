/** First-run demo content for the contact page: Dubai and Abu Dhabi branches, social links, SEO. */
import type { Seeder } from '../../bootstrap/seed';

export const contactPageSeeder: Seeder = {
  name: 'contact-page',
  async run(strapi) {
    await strapi.documents('api::contact.contact-page').create({
      status: 'published',
      data: {
        title: 'Get in Touch',
        description: 'Whether you are buying, selling or investing off-plan, our advisors in Dubai and Abu Dhabi are here to help. We reply to every enquiry within one business day.',
        phone: '+971 4 123 4567',
        email: 'hello@luxuryestates.ae',
        whatsapp: '+971 50 123 4567',
        social_media: [
          { link: 'https://www.instagram.com/luxuryestates.ae' },
          { link: 'https://www.linkedin.com/company/luxury-estates-uae' },
          { link: 'https://www.youtube.com/@luxuryestatesuae' },
          { link: 'https://x.com/luxuryestatesae' },
        ],
        our_branches: [
          {
            title: 'Dubai Head Office',
            mobile: '+971 4 123 4567',
            email: 'dubai@luxuryestates.ae',
            location: 'Office 2104, Burj Daman, Al Mustaqbal Street, DIFC, Dubai, United Arab Emirates',
          },
          {
            title: 'Abu Dhabi Branch',
            mobile: '+971 2 765 4321',
            email: 'abudhabi@luxuryestates.ae',
            location: 'Level 12, Al Maqam Tower, Abu Dhabi Global Market Square, Al Maryah Island, Abu Dhabi, United Arab Emirates',
          },
        ],
        seo: {
          meta_title: 'Contact Our Luxury Property Advisors in Dubai and Abu Dhabi',
          meta_description: 'Speak to a luxury real estate advisor about villas, penthouses and off-plan projects across the UAE.',
        },
      },
    });
  },
};
