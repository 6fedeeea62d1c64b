/**
 * Which desk a lead goes to (decision 143): the rules admins keep in the admin panel, tried in order
 * (lowest priority number first, then the oldest); the first whose conditions all hold wins, an empty
 * condition holding for any lead. No rule: the service's own notification address. Pure.
 */
import type { EnquiryType } from './lead-enquiry';

export interface RouteRule {
  id: number;
  name: string;
  priority: number;
  active: boolean;
  /** An emirate's code (`DU`) or name (`Dubai`). */
  emirate: string | null;
  /** A developer's name or id. */
  developer: string | null;
  enquiry_type: EnquiryType | null;
  utm_campaign: string | null;
  /** The desk's short name (lowercase letters, digits, dashes): the `desk` label of `leads_total`. */
  desk: string;
  desk_email: string | null;
  crm_pipeline: string | null;
}

export interface RoutedLead {
  enquiry_type: EnquiryType;
  emirate?: { code: string; name: string };
  developer?: { id: number; name: string };
  utm_campaign?: string;
}

/** Where a lead goes; `rule` is what the lead keeps of the rule that matched (null: none did). */
export interface Route {
  desk: string;
  desk_email: string | null;
  crm_pipeline: string | null;
  rule: string | null;
}

/** The desk of a lead no rule matched. */
export const DEFAULT_DESK = 'default';

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const blank = (value: string | null) => value === null || value.trim() === '';

function holds(rule: RouteRule, lead: RoutedLead): boolean {
  if (!blank(rule.emirate) && !(lead.emirate && (same(rule.emirate!, lead.emirate.code) || same(rule.emirate!, lead.emirate.name)))) return false;
  if (!blank(rule.developer) && !(lead.developer && (same(rule.developer!, lead.developer.name) || same(rule.developer!, String(lead.developer.id))))) return false;
  if (rule.enquiry_type && rule.enquiry_type !== lead.enquiry_type) return false;
  if (!blank(rule.utm_campaign) && !(lead.utm_campaign && same(rule.utm_campaign!, lead.utm_campaign))) return false;
  return true;
}

export function routeLead(rules: readonly RouteRule[], lead: RoutedLead): Route {
  const ordered = rules.filter((rule) => rule.active).sort((a, b) => a.priority - b.priority || a.id - b.id);
  const rule = ordered.find((candidate) => holds(candidate, lead));
  if (!rule) return { desk: DEFAULT_DESK, desk_email: null, crm_pipeline: null, rule: null };
  return { desk: rule.desk, desk_email: blank(rule.desk_email) ? null : rule.desk_email!.trim(), crm_pipeline: blank(rule.crm_pipeline) ? null : rule.crm_pipeline!.trim(), rule: `${rule.name} (#${rule.id})` };
}
