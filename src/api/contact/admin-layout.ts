/** How editors see leads, the contact page and its components in the Content Manager. */
import type { AdminLayout } from '../../lib/admin-layout';
import { CONTACT_TYPE, CONTACT_UID } from './lib/lead-type';

export const CONTACT_LAYOUTS: AdminLayout[] = [
  {
    uid: CONTACT_UID,
    kind: 'contentType',
    fields: {
      first_name: { label: 'First name' },
      last_name: { label: 'Last name' },
      email: { label: 'E-mail' },
      mobile: { label: 'Mobile' },
      method_of_contact: { label: 'How they found us', hint: 'What the visitor chose in the form.', column: 'Found us via' },
      message: { label: 'Message' },
      contact_type: { label: 'Source', hint: `Always "${CONTACT_TYPE}".`, editable: false },
      language: { label: 'Language', hint: 'The site language the visitor wrote in (en, ar): answer in it.', editable: false },
      consent: { label: 'Consent given', hint: 'Whether the visitor ticked the consent box of the form (empty: the form did not ask).', editable: false },
      consent_text_version: { label: 'Consent text version', hint: 'Which wording of the consent text the visitor saw.', editable: false },
      consent_at: { label: 'Consent given at', editable: false },
      buyer: { label: 'Buyer account', hint: 'The website account that sent this lead while signed in (empty: sent without signing in).', editable: false },
      anonymised_at: { label: 'Anonymised at', hint: 'When the personal data of this lead was erased (on request, or after the retention period).', editable: false },
      createdAt: { label: 'Received' },
    },
    entryTitle: 'first_name',
    columns: ['first_name', 'last_name', 'email', 'mobile', 'method_of_contact', 'message', 'createdAt'],
    sort: { by: 'createdAt', order: 'DESC' },
  },
  {
    uid: 'api::contact.contact-page',
    kind: 'contentType',
    fields: {
      title: { label: 'Page title', hint: 'The heading of the contact page, e.g. "Get in Touch".' },
      description: { label: 'Introduction', hint: 'A short paragraph under the heading.' },
      phone: { label: 'Phone number', hint: 'As people should dial it, with the country code, e.g. +971 4 123 4567.' },
      email: { label: 'E-mail address', hint: 'Where visitors write to, e.g. hello@example.ae.' },
      whatsapp: { label: 'WhatsApp number', hint: 'With the country code, e.g. +971 50 123 4567.' },
      social_media: { label: 'Social links', hint: 'One per network, shown in this order.' },
      our_branches: { label: 'Branches', hint: 'Your offices, shown in this order.' },
      seo: { label: 'Search engines', hint: 'The title and description Google and link previews show for this page.' },
    },
  },
  {
    uid: 'contact.branch',
    kind: 'component',
    fields: {
      title: { label: 'Branch name', hint: 'e.g. "Dubai Head Office".' },
      branch_image: { label: 'Photo', hint: 'The office or its building, at least 800 × 600 pixels.' },
      mobile: { label: 'Phone', hint: 'With the country code.' },
      email: { label: 'E-mail' },
      location: { label: 'Address', hint: 'The full postal address, as it should be shown.' },
      latitude: { label: 'Latitude', hint: 'Where the office is, for search engines and maps, e.g. 25.2131 (leave both empty if unsure).' },
      longitude: { label: 'Longitude', hint: 'e.g. 55.2796 for Dubai: east of Greenwich.' },
    },
    entryTitle: 'title',
  },
  {
    uid: 'contact.social-link',
    kind: 'component',
    fields: {
      icon: { label: 'Icon', hint: "The network's logo: a small square image, SVG or PNG." },
      link: { label: 'Profile address', hint: 'The full address, e.g. https://www.instagram.com/yourpage.' },
    },
    entryTitle: 'link',
  },
];
