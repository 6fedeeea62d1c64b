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
    question: Schema.Attribute.String &
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
    url: Schema.Attribute.String &
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
    canonical_url: Schema.Attribute.String &
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
      'shared.link': SharedLink;
      'shared.seo': SharedSeo;
    }
  }
}
