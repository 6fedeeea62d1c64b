/**
 * The e-mail that tells the desk about a new lead. Every header value built from user input
 * has CR, LF and other control characters removed, so a submission cannot add headers; the HTML part
 * is the text escaped, so a lead's markup shows as the text it was.
 */
import { encode } from 'html-entities';
import { firstCharacters } from '../../../lib/text-length';
import type { ContactSubmission } from './contact-validation';
import type { ListingSnapshot } from './listing-snapshot';
import type { ProjectSnapshot } from './project-snapshot';

export interface LeadEmail {
  to: string;
  replyTo: string;
  subject: string;
  text: string;
  html: string;
}

/** What the lead is about, where it came from, and the desk it was routed to (decisions 141-143). */
export interface LeadAbout {
  enquiry_type: string;
  project: ProjectSnapshot | null;
  listing: ListingSnapshot | null;
  attribution: Record<string, string>;
  desk: string;
  rule: string | null;
}

export function headerSafe(value: string): string {
  return value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}

const LANGUAGE_NAMES: Record<string, string> = { en: 'English', ar: 'Arabic (answer in Arabic)' };

function subjectOf(name: string, about?: LeadAbout): string {
  const subject = about?.project?.name ?? about?.listing?.title;
  if (!subject) return `New website enquiry from ${name}`;
  return `New ${about!.enquiry_type} enquiry about ${subject} from ${name}`;
}

function projectLines(project: ProjectSnapshot): string[] {
  const price = project.starting_price.amount === null ? 'price on request' : `from ${project.starting_price.amount} ${project.starting_price.currency}`;
  return [
    `Project: ${project.name} (ref. ${project.ref_no || '-'}, id ${project.id})`,
    `Developer: ${project.developer.name || '-'}`,
    `Where: ${[project.community, project.emirate.name].filter(Boolean).join(', ') || '-'}`,
    `Price when they asked: ${price}`,
    `Project agent: ${[project.agent.name, project.agent.phone].filter(Boolean).join(', ') || '-'}`,
    `Page: ${project.page_url}`,
  ];
}

function listingLines(listing: ListingSnapshot): string[] {
  const { amount, currency, period } = listing.price;
  const price = amount === null ? 'price on request' : `${amount} ${currency}${period === 'year' ? ' a year' : ''}`;
  return [
    `Listing: ${listing.title} (ref. ${listing.reference}, for ${listing.purpose === 'rent' ? 'rent' : 'sale'}${listing.permit_number ? `, permit ${listing.permit_number}` : ''})`,
    `Where: ${[listing.community, listing.emirate.name].filter(Boolean).join(', ') || '-'}`,
    `Bedrooms: ${listing.bedrooms ?? '-'}`,
    `Price when they asked: ${price}`,
    `Listing agent: ${[listing.agent.name, listing.agent.phone, listing.agent.email].filter(Boolean).join(', ') || '-'}`,
    `Page: ${listing.page_url}`,
  ];
}

function aboutLines(about: LeadAbout): string[] {
  const attribution = Object.entries(about.attribution).map(([key, value]) => `  ${key}: ${value}`);
  return [
    `Enquiry: ${about.enquiry_type}`,
    ...(about.project ? projectLines(about.project) : []),
    ...(about.listing ? listingLines(about.listing) : []),
    `Desk: ${about.desk}${about.rule ? ` (rule ${about.rule})` : ''}`,
    ...(attribution.length ? ['Came from:', ...attribution] : []),
    '',
  ];
}

/**
 * The text as HTML that shows it as text. Strapi's nodemailer provider sends the text itself as the HTML
 * part when it is given none (`html ?? text`), where a lead's `<script>` or `<b>` would be markup.
 */
const asHtml = (text: string) => `<pre dir="auto" style="white-space: pre-wrap; font-family: inherit">${encode(text)}</pre>`;

export function leadEmail(to: string, id: number, lead: ContactSubmission, language = 'en', about?: LeadAbout): LeadEmail {
  const name = [lead.first_name, lead.last_name].filter(Boolean).join(' ');
  const text = [
    `A new contact form submission (#${id}) was stored.`,
    '',
    `Name: ${name}`,
    `Email: ${lead.email}`,
    `Mobile: ${lead.mobile}`,
    `How they found us: ${lead.method_of_contact ?? '-'}`,
    `Language: ${LANGUAGE_NAMES[language] ?? language}`,
    '',
    ...(about ? aboutLines(about) : []),
    'Message:',
    lead.message ?? '-',
  ].join('\n');
  return {
    to: headerSafe(to),
    replyTo: headerSafe(lead.email),
    subject: firstCharacters(headerSafe(subjectOf(name, about)), 200),
    text,
    html: asHtml(text),
  };
}
