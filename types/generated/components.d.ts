import type { Schema, Struct } from '@strapi/strapi';

export interface ContactBranch extends Struct.ComponentSchema {
  collectionName: 'components_contact_branches';
  info: {
    description: 'One office on the contact page: name, photo, phone, e-mail, address and where it is on the map.';
    displayName: 'Branch';
    icon: 'house';
  };
  attributes: {
    branch_image: Schema.Attribute.Media<'images'>;
    email: Schema.Attribute.String &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 255;
      }>;
    latitude: Schema.Attribute.Float &
      Schema.Attribute.SetMinMax<
        {
          max: 90;
          min: -90;
        },
        number
      >;
    location: Schema.Attribute.Text;
    longitude: Schema.Attribute.Float &
      Schema.Attribute.SetMinMax<
        {
          max: 180;
          min: -180;
        },
        number
      >;
    mobile: Schema.Attribute.String &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 50;
      }>;
    title: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 255;
      }>;
  };
}

export interface ContactSocialLink extends Struct.ComponentSchema {
  collectionName: 'components_contact_social_links';
  info: {
    description: 'One social network: its icon and the address of the profile.';
    displayName: 'Social link';
    icon: 'link';
  };
  attributes: {
    icon: Schema.Attribute.Media<'images'>;
    link: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 255;
      }>;
  };
}

export interface LuxuryCommunityCard extends Struct.ComponentSchema {
  collectionName: 'components_luxury_community_cards';
  info: {
    description: 'One community card on the luxury page: name, city and image.';
    displayName: 'Community card';
    icon: 'house';
  };
  attributes: {
    city: Schema.Attribute.String &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 255;
      }>;
    image: Schema.Attribute.Media<'images'>;
    name: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 255;
      }>;
  };
}

export interface LuxuryDestinationPoint extends Struct.ComponentSchema {
  collectionName: 'components_luxury_destination_points';
  info: {
    description: 'One numbered point of the destination block.';
    displayName: 'Destination point';
    icon: 'pinMap';
  };
  attributes: {
    number: Schema.Attribute.Integer &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMax<
        {
          max: 99;
          min: 1;
        },
        number
      >;
    text: Schema.Attribute.Text & Schema.Attribute.Required;
  };
}

export interface LuxuryExperienceService extends Struct.ComponentSchema {
  collectionName: 'components_luxury_experience_services';
  info: {
    description: 'One service of the experience block: a title and a short text.';
    displayName: 'Experience service';
    icon: 'star';
  };
  attributes: {
    description: Schema.Attribute.Text;
    title: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 255;
      }>;
  };
}

export interface OffplanFaqItem extends Struct.ComponentSchema {
  collectionName: 'components_offplan_faq_items';
  info: {
    description: 'One question of the FAQ and its answer.';
    displayName: 'FAQ item';
    icon: 'question';
  };
  attributes: {
    answer: Schema.Attribute.Text;
    question: Schema.Attribute.Text &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 500;
      }>;
  };
}

export interface OffplanLinkColumn extends Struct.ComponentSchema {
  collectionName: 'components_offplan_link_columns';
  info: {
    description: 'One column of links in the explore-by-city block.';
    displayName: 'Link column';
    icon: 'bulletList';
  };
  attributes: {
    heading: Schema.Attribute.String &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 100;
      }>;
    links: Schema.Attribute.Component<'shared.link', true>;
  };
}

export interface OffplanLinkGroup extends Struct.ComponentSchema {
  collectionName: 'components_offplan_link_groups';
  info: {
    description: 'A titled group of links under the explore-by-city columns.';
    displayName: 'Link group';
    icon: 'bulletList';
  };
  attributes: {
    links: Schema.Attribute.Component<'shared.link', true>;
    title: Schema.Attribute.String &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 255;
      }>;
  };
}

export interface SectionsArea extends Struct.ComponentSchema {
  collectionName: 'components_sections_area';
  info: {
    description: 'A community of the feed: its figures, projects and map in one section.';
    displayName: 'Area (live)';
    icon: 'earth';
  };
  attributes: {
    community: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.CustomField<'global::community-picker'> &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 255;
      }>;
    limit: Schema.Attribute.Integer &
      Schema.Attribute.SetMinMax<
        {
          max: 24;
          min: 1;
        },
        number
      > &
      Schema.Attribute.DefaultTo<6>;
    title: Schema.Attribute.String &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 255;
      }>;
  };
}

export interface SectionsCallToAction extends Struct.ComponentSchema {
  collectionName: 'components_sections_call_to_action';
  info: {
    description: 'A heading, a sentence and a button.';
    displayName: 'Call to action';
    icon: 'cursor';
  };
  attributes: {
    image: Schema.Attribute.Media<'images'>;
    link: Schema.Attribute.Component<'shared.link', false>;
    text: Schema.Attribute.Text;
    title: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 255;
      }>;
  };
}

export interface SectionsEnquiryForm extends Struct.ComponentSchema {
  collectionName: 'components_sections_enquiry_form';
  info: {
    description: 'A form the website renders: what the enquiry is about.';
    displayName: 'Enquiry form';
    icon: 'message';
  };
  attributes: {
    enquiry_type: Schema.Attribute.Enumeration<
      ['general', 'project', 'listing', 'brochure', 'viewing', 'callback']
    > &
      Schema.Attribute.Required &
      Schema.Attribute.DefaultTo<'general'>;
    listing: Schema.Attribute.String &
      Schema.Attribute.CustomField<'global::listing-picker'> &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 128;
      }>;
    project: Schema.Attribute.String &
      Schema.Attribute.CustomField<'global::project-picker'> &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 128;
      }>;
    text: Schema.Attribute.Text;
    title: Schema.Attribute.String &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 255;
      }>;
  };
}

export interface SectionsFaq extends Struct.ComponentSchema {
  collectionName: 'components_sections_faq';
  info: {
    description: 'Questions and their answers (search engines read them too).';
    displayName: 'FAQ';
    icon: 'question';
  };
  attributes: {
    items: Schema.Attribute.Component<'offplan.faq-item', true>;
    title: Schema.Attribute.String &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 255;
      }>;
  };
}

export interface SectionsFigures extends Struct.ComponentSchema {
  collectionName: 'components_sections_figures';
  info: {
    description: 'Figures of what a listing query selects: how many, prices, completion years, developers.';
    displayName: 'Figures (live)';
    icon: 'chartBubble';
  };
  attributes: {
    catalogue: Schema.Attribute.Enumeration<['off_plan', 'sale', 'rent']> &
      Schema.Attribute.Required &
      Schema.Attribute.DefaultTo<'off_plan'>;
    query: Schema.Attribute.Text &
      Schema.Attribute.CustomField<'global::listing-query'> &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 1000;
      }>;
    title: Schema.Attribute.String &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 255;
      }>;
  };
}

export interface SectionsGallery extends Struct.ComponentSchema {
  collectionName: 'components_sections_gallery';
  info: {
    description: 'Images shown together, in this order.';
    displayName: 'Gallery';
    icon: 'landscape';
  };
  attributes: {
    images: Schema.Attribute.Media<'images', true>;
    title: Schema.Attribute.String &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 255;
      }>;
  };
}

export interface SectionsHero extends Struct.ComponentSchema {
  collectionName: 'components_sections_hero';
  info: {
    description: "The page's opening: a heading over an image, with an optional button.";
    displayName: 'Hero';
    icon: 'star';
  };
  attributes: {
    cta: Schema.Attribute.Component<'shared.link', false>;
    image: Schema.Attribute.Media<'images'>;
    subtitle: Schema.Attribute.Text;
    title: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 255;
      }>;
  };
}

export interface SectionsImageText extends Struct.ComponentSchema {
  collectionName: 'components_sections_image_text';
  info: {
    description: 'A heading and text beside an image.';
    displayName: 'Image with text';
    icon: 'picture';
  };
  attributes: {
    image: Schema.Attribute.Media<'images'>;
    image_side: Schema.Attribute.Enumeration<['start', 'end']> &
      Schema.Attribute.DefaultTo<'end'>;
    text: Schema.Attribute.Text & Schema.Attribute.Required;
    title: Schema.Attribute.String &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 255;
      }>;
  };
}

export interface SectionsListings extends Struct.ComponentSchema {
  collectionName: 'components_sections_listings';
  info: {
    description: 'Homes for sale or rent from the feed, chosen by a listing query and read when the page is.';
    displayName: 'Listings (live)';
    icon: 'house';
  };
  attributes: {
    limit: Schema.Attribute.Integer &
      Schema.Attribute.SetMinMax<
        {
          max: 24;
          min: 1;
        },
        number
      > &
      Schema.Attribute.DefaultTo<6>;
    purpose: Schema.Attribute.Enumeration<['sale', 'rent']> &
      Schema.Attribute.Required &
      Schema.Attribute.DefaultTo<'sale'>;
    query: Schema.Attribute.Text &
      Schema.Attribute.CustomField<'global::listing-query'> &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 1000;
      }>;
    title: Schema.Attribute.String &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 255;
      }>;
  };
}

export interface SectionsMap extends Struct.ComponentSchema {
  collectionName: 'components_sections_map';
  info: {
    description: 'A map of what a listing query selects, read when the page is.';
    displayName: 'Map (live)';
    icon: 'pinMap';
  };
  attributes: {
    catalogue: Schema.Attribute.Enumeration<['off_plan', 'sale', 'rent']> &
      Schema.Attribute.Required &
      Schema.Attribute.DefaultTo<'off_plan'>;
    query: Schema.Attribute.Text &
      Schema.Attribute.CustomField<'global::listing-query'> &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 1000;
      }>;
    title: Schema.Attribute.String &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 255;
      }>;
  };
}

export interface SectionsPoints extends Struct.ComponentSchema {
  collectionName: 'components_sections_points';
  info: {
    description: 'Numbered points under a heading.';
    displayName: 'Points';
    icon: 'bulletList';
  };
  attributes: {
    points: Schema.Attribute.Component<'luxury.destination-point', true>;
    title: Schema.Attribute.String &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 255;
      }>;
  };
}

export interface SectionsProjects extends Struct.ComponentSchema {
  collectionName: 'components_sections_projects';
  info: {
    description: 'Off-plan projects from the feed, chosen by a listing query and read when the page is.';
    displayName: 'Projects (live)';
    icon: 'grid';
  };
  attributes: {
    limit: Schema.Attribute.Integer &
      Schema.Attribute.SetMinMax<
        {
          max: 24;
          min: 1;
        },
        number
      > &
      Schema.Attribute.DefaultTo<6>;
    query: Schema.Attribute.Text &
      Schema.Attribute.CustomField<'global::listing-query'> &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 1000;
      }>;
    title: Schema.Attribute.String &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 255;
      }>;
  };
}

export interface SectionsRichText extends Struct.ComponentSchema {
  collectionName: 'components_sections_rich_text';
  info: {
    description: 'Formatted text: headings, paragraphs, lists, quotes and links.';
    displayName: 'Rich text';
    icon: 'layer';
  };
  attributes: {
    body: Schema.Attribute.Blocks & Schema.Attribute.Required;
    title: Schema.Attribute.String &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 255;
      }>;
  };
}

export interface SectionsServices extends Struct.ComponentSchema {
  collectionName: 'components_sections_services';
  info: {
    description: 'Services, each a title and a description.';
    displayName: 'Services';
    icon: 'apps';
  };
  attributes: {
    services: Schema.Attribute.Component<'luxury.experience-service', true>;
    title: Schema.Attribute.String &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 255;
      }>;
  };
}

export interface SectionsTestimonials extends Struct.ComponentSchema {
  collectionName: 'components_sections_testimonials';
  info: {
    description: 'Reviews chosen from the testimonials collection, in this order.';
    displayName: 'Testimonials';
    icon: 'quote';
  };
  attributes: {
    testimonials: Schema.Attribute.Relation<
      'oneToMany',
      'api::luxury.luxury-testimonial'
    >;
    title: Schema.Attribute.String &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 255;
      }>;
  };
}

export interface SharedLink extends Struct.ComponentSchema {
  collectionName: 'components_shared_links';
  info: {
    description: 'A link: the text people see and the address it opens.';
    displayName: 'Link';
    icon: 'link';
  };
  attributes: {
    label: Schema.Attribute.String &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 255;
      }>;
    url: Schema.Attribute.Text &
      Schema.Attribute.Required &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 500;
      }>;
  };
}

export interface SharedSeo extends Struct.ComponentSchema {
  collectionName: 'components_shared_seos';
  info: {
    description: 'What search engines and link previews show for the page.';
    displayName: 'SEO';
    icon: 'search';
  };
  attributes: {
    canonical_url: Schema.Attribute.Text &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 2048;
      }>;
    keywords: Schema.Attribute.Text;
    meta_description: Schema.Attribute.Text;
    meta_title: Schema.Attribute.String &
      Schema.Attribute.SetMinMaxLength<{
        maxLength: 255;
      }>;
    noindex: Schema.Attribute.Boolean & Schema.Attribute.DefaultTo<false>;
    og_image: Schema.Attribute.Media<'images'>;
  };
}

declare module '@strapi/strapi' {
  export namespace Public {
    export interface ComponentSchemas {
      'contact.branch': ContactBranch;
      'contact.social-link': ContactSocialLink;
      'luxury.community-card': LuxuryCommunityCard;
      'luxury.destination-point': LuxuryDestinationPoint;
      'luxury.experience-service': LuxuryExperienceService;
      'offplan.faq-item': OffplanFaqItem;
      'offplan.link-column': OffplanLinkColumn;
      'offplan.link-group': OffplanLinkGroup;
      'sections.area': SectionsArea;
      'sections.call-to-action': SectionsCallToAction;
      'sections.enquiry-form': SectionsEnquiryForm;
      'sections.faq': SectionsFaq;
      'sections.figures': SectionsFigures;
      'sections.gallery': SectionsGallery;
      'sections.hero': SectionsHero;
      'sections.image-text': SectionsImageText;
      'sections.listings': SectionsListings;
      'sections.map': SectionsMap;
      'sections.points': SectionsPoints;
      'sections.projects': SectionsProjects;
      'sections.rich-text': SectionsRichText;
      'sections.services': SectionsServices;
      'sections.testimonials': SectionsTestimonials;
      'shared.link': SharedLink;
      'shared.seo': SharedSeo;
    }
  }
}
