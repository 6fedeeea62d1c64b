/** Pure shaping of the contact page content (contract "Contact page content"; decision 5). */
import type { MediaUrl, OptionalMediaUrl } from '../../../lib/media';
import type { RecordOf } from '../../../lib/records';
import { seoExtras } from '../../../lib/seo';

type Text = string | null | undefined;

/** The published page, typed from the generated content-type typings (src/lib/records.ts). */
export type ContactPageRecord = RecordOf<'api::contact.contact-page'>;

const text = (value: Text): string => value ?? '';

/** A page that was never saved still has every key: empty texts and lists. */
export function buildContactPage(record: ContactPageRecord | null, image: MediaUrl, optionalImage: OptionalMediaUrl) {
  const page = record ?? {};
  return {
    title: text(page.title),
    description: text(page.description),
    phone: text(page.phone),
    email: text(page.email),
    whatsapp: text(page.whatsapp),
    social_media: (page.social_media ?? []).map((social) => ({ icon: image(social.icon), link: text(social.link) })),
    our_branches: (page.our_branches ?? []).map((branch) => ({
      title: text(branch.title),
      branch_image: image(branch.branch_image),
      mobile: text(branch.mobile),
      email: text(branch.email),
      location: text(branch.location),
    })),
    seo: { meta_title: text(page.seo?.meta_title), meta_description: text(page.seo?.meta_description), ...seoExtras(page.seo, optionalImage) },
  };
}
