/**
 * What the buyer or tenant saw of the listing they asked about, kept on the lead as it was at submission
 * (as a project's, decision 142), with the listing's agent, who answers for it. Pure: the listing is the
 * properties domain's card of it, in the language the lead was sent in.
 */
import type { EnquiredListing } from '../../catalogues/services/registry';

// A type, not an interface: it is stored as a JSON value, which needs its implicit index signature.
export type ListingSnapshot = {
  id: number;
  reference: string;
  slug: string;
  title: string;
  purpose: 'sale' | 'rent';
  price: { amount: number | null; currency: string; period: string | null };
  bedrooms: string | null;
  community: string;
  emirate: { code: string; name: string };
  permit_number: string | null;
  agent: { name: string; phone: string; email: string };
  /** The listing's page on the website, in the language the lead was sent in. */
  page_url: string;
  /** Empty when the feed has none for the listing. */
  brochure_url: string;
};

export function listingSnapshot(listing: EnquiredListing): ListingSnapshot {
  return {
    id: listing.id,
    reference: listing.reference,
    slug: listing.slug,
    title: listing.title,
    purpose: listing.purpose,
    price: listing.price,
    bedrooms: listing.bedrooms,
    community: listing.community,
    emirate: { code: listing.state_id ?? '', name: listing.state_name ?? '' },
    permit_number: listing.permit_number,
    agent: { name: listing.agent.name, phone: listing.agent.phone, email: listing.agent_email },
    page_url: listing.canonical_url,
    brochure_url: listing.brochure_url ?? '',
  };
}
