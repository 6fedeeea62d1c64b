/**
 * The contact page's schema.org JSON-LD (decision 116), what the website prints on it as it is: the
 * agency as a `RealEstateAgent` (an `Organization`, and the node the project pages name by the same
 * `@id`) with the page's phone, e-mail and social profiles, the first branch's address as its own (the
 * head office: editors list the branches in order; a local business needs one), and each branch as a
 * `Place` with its address, coordinates (when editors gave them), phone and photo. Typed with
 * schema-dts; fields without a value are left out (undefined).
 */
import type { GeoCoordinatesLeaf, PlaceLeaf, PostalAddressLeaf, RealEstateAgentLeaf, WithContext } from 'schema-dts';
import type { Locale } from '../../../lib/locale';
import type { OptionalMediaUrl } from '../../../lib/media';
import { agencyNode } from '../../website/services/agency';
import { SCHEMA_CONTEXT, unlessEmpty } from '../../../lib/structured-data';
import type { ContactPageRecord } from './contact-page';

type Branch = NonNullable<ContactPageRecord['our_branches']>[number];

/** A branch's address: the text editors wrote, in the UAE. */
const addressOf = (branch: Branch | undefined): PostalAddressLeaf | undefined =>
  branch?.location ? { '@type': 'PostalAddress', streetAddress: branch.location, addressCountry: 'AE' } : undefined;

/** Where a branch is on the map, when editors gave both coordinates. */
const geoOf = ({ latitude, longitude }: Branch): GeoCoordinatesLeaf | undefined =>
  typeof latitude === 'number' && typeof longitude === 'number' ? { '@type': 'GeoCoordinates', latitude, longitude } : undefined;

/** A branch where visitors find the agency. */
function branchPlace(branch: Branch, image: OptionalMediaUrl): PlaceLeaf {
  return {
    '@type': 'Place',
    name: unlessEmpty(branch.title ?? ''),
    address: addressOf(branch),
    geo: geoOf(branch),
    telephone: unlessEmpty(branch.mobile ?? ''),
    image: image(branch.branch_image) ?? undefined,
  };
}

/** The agency's JSON-LD in `locale`, from the page in that language (already completed from English). */
export function contactStructuredData(record: ContactPageRecord | null, locale: Locale, image: OptionalMediaUrl): WithContext<RealEstateAgentLeaf> {
  const page = record ?? {};
  const profiles = (page.social_media ?? []).map((social) => social.link ?? '').filter(Boolean);
  const branches = page.our_branches ?? [];
  return {
    '@context': SCHEMA_CONTEXT,
    ...agencyNode(locale),
    telephone: unlessEmpty(page.phone ?? ''),
    email: unlessEmpty(page.email ?? ''),
    address: addressOf(branches[0]),
    sameAs: profiles.length ? profiles : undefined,
    location: branches.length ? branches.map((branch) => branchPlace(branch, image)) : undefined,
  };
}
