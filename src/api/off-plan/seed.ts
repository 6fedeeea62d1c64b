/** First-run demo content for the off-plan page, published (the FAQ and explore-by-city blocks show the editors' shape). */
import { withDemoMedia } from '../../lib/seeding/demo-media';
import type { Seeder } from '../../lib/seeding/seed';

const link = (label: string, url: string) => ({ label, url });

export const offPlanPageSeeder: Seeder = {
  name: 'off-plan-page',
  run: (strapi) => withDemoMedia(strapi, async (media) => {
    await strapi.documents('api::off-plan.off-plan-page').create({
      status: 'published',
      data: {
        listing_page_title: 'Off-Plan Projects in Dubai and the UAE',
        hero_subtitle: 'Reserve early in the UAE’s most anticipated launches, with payment plans from 10% down.',
        guide_title: 'Buying Off-Plan: The Complete Guide',
        guide_description: 'Escrow-protected payments, handover timelines, resale rules and Golden Visa eligibility, explained by our advisors.',
        guide_cta_text: 'Download the guide',
        guide_cta_link: '/off-plan/guide',
        guide_image: await media.image('offplan-site', 'A tower under construction with a crane'),
        sold_section_title: 'Sold Out Launches',
        explore_by_city_title: 'Explore Off-Plan Projects by City',
        explore_by_city_columns: [
          { heading: 'Dubai', links: [link('Dubai Marina', '/off-plan?state_id=DU&project_name=marina'), link('Downtown Dubai', '/off-plan?state_id=DU&project_name=downtown'), link('Dubai Creek Harbour', '/off-plan?state_id=DU&project_name=creek')] },
          { heading: 'Abu Dhabi', links: [link('Saadiyat Island', '/off-plan?state_id=AZ&project_name=saadiyat'), link('Yas Island', '/off-plan?state_id=AZ&project_name=yas'), link('Al Reem Island', '/off-plan?state_id=AZ&project_name=reem')] },
          { heading: 'Sharjah, Ajman and Umm Al Quwain', links: [link('Aljada, Sharjah', '/off-plan?state_id=SH'), link('Al Zorah, Ajman', '/off-plan?state_id=AJ'), link('Siniya Island, Umm Al Quwain', '/off-plan?state_id=UQ')] },
          { heading: 'Ras Al Khaimah and Fujairah', links: [link('Al Marjan Island', '/off-plan?state_id=RK'), link('Mina Al Arab', '/off-plan?state_id=RK'), link('Fujairah beachfront', '/off-plan?state_id=FU')] },
        ],
        recommended_searches: { title: 'Recommended Searches', links: [link('Projects completing in 2027', '/off-plan?completion_year=2027'), link('Under AED 1M', '/off-plan?max_price=1000000')] },
        other_property_types: { title: 'Other Property Types', links: [link('Off-plan villas', '/off-plan/villas'), link('Off-plan penthouses', '/off-plan/penthouses')] },
        useful_links: { title: 'Useful Links', links: [link('Mortgage calculator', '/tools/mortgage'), link('Talk to an advisor', '/contact-us')] },
        faq_title: 'Off-Plan FAQs',
        faq_subtitle: 'Straight answers to the questions buyers ask us most',
        faq_items: [
          { question: 'What is an off-plan property?', answer: 'A home bought from the developer before it is completed, usually at launch prices and with a staged payment plan.' },
          { question: 'Are my payments protected?', answer: 'Yes. Payments go into a RERA-regulated escrow account and are released to the developer only as construction progresses.' },
          { question: 'Can I resell before handover?', answer: 'Most developers allow resale once 30 to 40 percent of the price has been paid; the exact threshold is in the sale agreement.' },
        ],
        seo: { meta_title: 'Off-Plan Projects in Dubai and the UAE', meta_description: 'Compare off-plan launches across all seven emirates by price, developer and completion date.' },
        is_active: true,
      },
    });
  }),
};
