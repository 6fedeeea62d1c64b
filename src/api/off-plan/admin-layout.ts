/** How editors see the off-plan page, its components and the shared link and SEO components in the Content Manager. */
import type { AdminLayout } from '../../lib/admin-layout';

const EMPTY_SHOWS_DEFAULT = 'Empty: the website shows a default text.';
const SEO_OVER_DATA = 'Any field left empty shows what the data gives (name, developer, area, price).';

export const OFF_PLAN_LAYOUTS: AdminLayout[] = [
  {
    uid: 'api::off-plan.off-plan-page',
    kind: 'contentType',
    fields: {
      listing_page_title: { label: 'Listing title', hint: `The heading of the off-plan listing page and of its hero. ${EMPTY_SHOWS_DEFAULT}` },
      hero_subtitle: { label: 'Hero subtitle', hint: `One sentence under the heading. ${EMPTY_SHOWS_DEFAULT}` },
      guide_title: { label: 'Guide: title', hint: 'The buying-guide block under the hero.' },
      guide_description: { label: 'Guide: text' },
      guide_cta_text: { label: 'Guide: button text', hint: 'e.g. "Download the guide".' },
      guide_cta_link: { label: 'Guide: button link', hint: 'A page of the site (e.g. /off-plan/guide) or a full address (https://...).' },
      guide_image: { label: 'Guide: image', hint: 'Beside the guide text, at least 1200 × 800 pixels.' },
      sold_section_title: { label: 'Sold-out section: title', hint: 'Heading of the block of sold-out launches.' },
      explore_by_city_title: { label: 'Explore by city: title' },
      explore_by_city_columns: {
        label: 'Explore by city: columns',
        hint: 'Up to 4 columns of links. The heading only helps you tell them apart: the website shows the links.',
      },
      recommended_searches: { label: 'Recommended searches', hint: 'A titled group of links under the columns.' },
      other_property_types: { label: 'Other property types', hint: 'A titled group of links under the columns.' },
      useful_links: { label: 'Useful links', hint: 'A titled group of links under the columns.' },
      faq_title: { label: 'FAQ: title' },
      faq_subtitle: { label: 'FAQ: subtitle' },
      faq_items: { label: 'FAQ: questions', hint: `Shown in this order; drag a question to move it. ${EMPTY_SHOWS_DEFAULT}` },
      seo: { label: 'Search engines', hint: 'The title and description Google and link previews show for the listing page.' },
      is_active: { label: 'Use this content', hint: 'Switch off and publish to show the default texts instead of these.' },
    },
  },
  {
    uid: 'api::off-plan.project-seo',
    kind: 'contentType',
    fields: {
      project_id: {
        label: 'Project',
        hint: 'Type a few letters of the project’s name and pick it. One entry per project: a second one for the same project is refused.',
      },
      project_name: { label: 'Project name', hint: 'Filled in from the project feed when you save.', editable: false },
      seo: { label: 'Search engines', hint: `What Google and link previews show for this project’s page. ${SEO_OVER_DATA}` },
    },
    // Filled in at each save from the feed, and kept once the project has left it.
    entryTitle: 'project_name',
    columns: ['project_id', 'project_name'],
    sort: { by: 'project_name', order: 'ASC' },
  },
  {
    uid: 'api::off-plan.developer-page',
    kind: 'contentType',
    fields: {
      developer_slug: {
        label: 'Developer',
        hint: 'Type a few letters of the developer’s name and pick it. One entry per developer.',
      },
      developer_name: { label: 'Developer name', hint: 'Filled in from the developer feed when you save.', editable: false },
      seo: { label: 'Search engines', hint: `What Google and link previews show for this developer’s page. ${SEO_OVER_DATA}` },
    },
    entryTitle: 'developer_name',
    columns: ['developer_slug', 'developer_name'],
    sort: { by: 'developer_name', order: 'ASC' },
  },
  {
    uid: 'offplan.link-column',
    kind: 'component',
    fields: {
      heading: { label: 'Column heading (for editors)', hint: 'e.g. "Dubai". Not shown on the website: it names the column here.' },
      links: { label: 'Links' },
    },
    entryTitle: 'heading',
  },
  {
    uid: 'offplan.link-group',
    kind: 'component',
    fields: {
      title: { label: 'Title', hint: 'The heading above the links.' },
      links: { label: 'Links' },
    },
    entryTitle: 'title',
  },
  {
    uid: 'offplan.faq-item',
    kind: 'component',
    fields: {
      question: { label: 'Question' },
      answer: { label: 'Answer', hint: 'Plain text; an empty answer shows the question alone.' },
    },
    entryTitle: 'question',
  },
  {
    uid: 'shared.link',
    kind: 'component',
    fields: {
      label: { label: 'Text', hint: 'The words people see.' },
      url: { label: 'Link', hint: 'A page of the site (e.g. /off-plan?state_id=DU) or a full address (https://...).' },
    },
    entryTitle: 'label',
  },
  {
    uid: 'shared.seo',
    kind: 'component',
    fields: {
      meta_title: { label: 'Title for search engines', hint: 'Shown as the title in search results and the browser tab; about 60 characters.' },
      meta_description: { label: 'Description for search engines', hint: 'Shown under the title in search results; about 155 characters.' },
      canonical_url: {
        label: 'Canonical address (optional)',
        hint: 'Only when another page is the original of this one: its full address (https://...). Empty: the page is its own.',
      },
      og_image: { label: 'Link preview image', hint: 'Shown when the page is shared (WhatsApp, LinkedIn, ...): 1200 × 630 pixels. Empty: the page’s own image.' },
      noindex: { label: 'Hide from search engines', hint: 'On: search engines are asked not to list this page, and the sitemap leaves it out.' },
      keywords: { label: 'Keywords', hint: 'Separated by commas, e.g. "Dubai Marina, waterfront, 2-bedroom". Empty: from the page’s data.' },
    },
    entryTitle: 'meta_title',
  },
];
