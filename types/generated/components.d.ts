import type { Schema, Struct } from '@strapi/strapi';

export interface LuxuryCommunityCard extends Struct.ComponentSchema {
  collectionName: 'components_luxury_community_cards';
  info: {
    description: 'A community on the luxury page';
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
    description: 'A numbered point of the destination block';
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
    description: 'A service of the experience block';
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

declare module '@strapi/strapi' {
  export namespace Public {
    export interface ComponentSchemas {
      'luxury.community-card': LuxuryCommunityCard;
      'luxury.destination-point': LuxuryDestinationPoint;
      'luxury.experience-service': LuxuryExperienceService;
    }
  }
}
