/** Pure shaping of the contact page content (contract "Contact page content"; decision 5). */
import type { MediaFile, MediaUrl } from '../../../lib/media';

type Text = string | null | undefined;

export interface ContactPageRecord {
  title?: Text;
  description?: Text;
  phone?: Text;
  email?: Text;
  whatsapp?: Text;
  social_media?: Array<{ icon?: MediaFile | null; link?: Text }> | null;
  our_branches?: Array<{ title?: Text; branch_image?: MediaFile | null; mobile?: Text; email?: Text; location?: Text }> | null;
  seo?: { meta_title?: Text; meta_description?: Text } | null;
}

const text = (value: Text): string => value ?? '';

/** A page that was never saved still has every key: empty texts and lists. */
export function buildContactPage(record: ContactPageRecord | null, image: MediaUrl) {
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
    seo: { meta_title: text(page.seo?.meta_title), meta_description: text(page.seo?.meta_description) },
  };
}

export type ContactPage = ReturnType<typeof buildContactPage>;
