/**
 * When a lead repeats an earlier one (decision 144): the same person, by e-mail address or by phone
 * digits, about the same subject (a project, a listing, or a general enquiry) within the repeat window. Pure: the
 * keys a lead is known by; the database decides, under its unique key, which lead came first.
 */
import { createHash } from 'crypto';

export interface RepeatKey {
  /** A digest of the normalised address or number: the table never holds the person's data in clear. */
  person: string;
  subject: string;
}

const digest = (value: string) => createHash('sha256').update(value).digest('hex');

/** The subject of a lead: its project, its listing (by reference), or every general enquiry together. */
export function repeatSubject(about: { project?: { id: string }; listing?: { reference: string } }): string {
  if (about.project) return `project:${about.project.id}`;
  return about.listing ? `listing:${about.listing.reference}` : 'general';
}

/** The lead's keys, in one fixed order, so two transactions taking the same keys never wait on each other in a circle. */
export function repeatKeys(lead: { email: string; mobile: string }, subject: string): RepeatKey[] {
  const email = lead.email.trim().toLowerCase();
  const phone = lead.mobile.replace(/\D/g, '').replace(/^00/, '');
  const people = [`email:${email}`, ...(phone ? [`phone:${phone}`] : [])].map(digest);
  return [...new Set(people)].sort().map((person) => ({ person, subject }));
}
