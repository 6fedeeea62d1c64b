/** Normalised records: what every driver produces, whatever its provider speaks. */
import type { EmirateCode } from './emirates';
import type { Coordinates } from './coordinates';

export type ListingType = 'sale' | 'rent';

/** How often a rent is stated in the feed that lists it (the cards state every rent yearly). */
export type RentPeriod = 'year' | 'month' | 'week' | 'day';

/** Off-plan or ready (Goyzer's `ListingType`); "" when the feed does not say. */
export type CompletionStatus = 'off_plan' | 'ready' | '';

export interface NormalisedListing {
  reference: string;
  listing_type: ListingType;
  title: string;
  category: string;
  /** The provider's own status text ("Available", "Blocked", ...). */
  listing_status: string;
  /** Whether that status may be advertised: a listing that is not is stored inactive. */
  available: boolean;
  property_name: string;
  community: string;
  community_id: string;
  sub_community: string;
  city: string;
  state_id: EmirateCode | '';
  state_name: string;
  bedrooms: string;
  bathrooms: number | null;
  area_sqft: number | null;
  /** Sale price, or the yearly rent; null when unknown or on request. */
  price: number | null;
  price_on_request: boolean;
  currency: string;
  agent_name: string;
  agent_phone: string;
  agent_email: string;
  agent_photo: string;
  description: string;
  title_ar: string;
  description_ar: string;
  images: string[];
  brochure_url: string;
  latitude: number | null;
  longitude: number | null;
  /** Calendar day, YYYY-MM-DD, or "". */
  handover_date: string;
  provider_updated_at: string | null;
  /** RERA permit (Dubai adverts must show it). */
  permit_number: string;
  completion_status: CompletionStatus;
  furnishing: string;
  parking: string;
  view: string;
  fittings: string;
  /**
   * A CRM feed's rent: the period its rent was stated for (`price` is a year's worth). Absent, not
   * null, where a feed states rents yearly only (Goyzer): a listing's content hash is its JSON, and
   * Goyzer's would otherwise all change.
   */
  rent_period?: RentPeriod;
}

export interface Developer {
  id: number;
  name: string;
  slug: string;
  logo: string;
}

export interface UnitType {
  bedrooms: string;
  size_from_sqft: number | null;
  size_to_sqft: number | null;
  price_from: number | null;
  price_to: number | null;
}

/** A floor plan document: its title ("" when the provider gives none) and URL. */
export interface FloorPlan {
  name: string;
  url: string;
}

export interface PaymentPlan {
  name: string;
  steps: Array<{ label: string; percent: number | null }>;
}

/**
 * A project's own texts in another language, as the provider writes them ("" where it gave none, or
 * gave the English text again): the site falls back to the English field.
 */
export interface ProjectTranslation {
  name: string;
  description: string;
  /** "District, City" as the card shows it. */
  location: string;
  city: string;
  community: string;
  sub_community: string;
  badge: string;
}

/** The languages a provider may translate a project into, besides English. */
export type TranslatedLanguage = 'ar';

/** An off-plan project: the card fields of the contract plus the detail fields of decision 25. */
export interface NormalisedProject {
  id: string;
  ref_no: string;
  name: string;
  location: string;
  developer: Developer;
  bedrooms: { label: string; types: string[] };
  price: { starting_from: number | null; formatted: string; currency: string };
  completion: { date: string; year: string };
  image: string;
  images: string[];
  state_id: EmirateCode | '';
  state_name: string;
  city: string;
  community: string;
  community_id: string;
  sub_community: string;
  category: string;
  status: string;
  agent: { name: string; phone: string };
  badge: string;
  address: string;
  specs: { beds: string; bathrooms: string; area: string };
  description: string;
  apartments: UnitType[];
  facilities: string[];
  coordinates: Coordinates | null;
  gallery: string[];
  payment_plans: PaymentPlan[];
  /** Sortable completion month (YYYY-MM), for sorting; not part of the card. */
  completion_sort: string | null;
  /**
   * For the listing's filters, not part of the card: the kinds of home the feed says the project offers,
   * as it names them ("Apartments", "Penthouse"; the category first), and the smallest and largest unit
   * size it gives (of the unit types, else the list's project-wide range), in sq.ft.
   */
  property_types: string[];
  size_range_sqft: { min: number; max: number } | null;
  /** Floor plans, the marketing brochure and the handover day (YYYY-MM-DD), where the provider sends them. */
  floor_plans?: FloorPlan[];
  brochure_url?: string;
  handover_date?: string;
  /** Its texts in other languages, where the provider has them (not part of the card). */
  translations?: Partial<Record<TranslatedLanguage, ProjectTranslation>>;
}

/** A record the mapping could not use, with the reason; the sync counts it as failed. */
export interface Rejected {
  reference: string;
  reason: string;
  /**
   * What the record was listed as, in a feed of both types: null where it did not say. Absent where
   * the driver reads one type at a time, whose records are that type's.
   */
  listing_type?: ListingType | null;
}
