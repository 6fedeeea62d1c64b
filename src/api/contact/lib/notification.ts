/**
 * The e-mail that tells the sales inbox about a new lead. Every header value built from user input
 * has CR, LF and other control characters removed, so a submission cannot add headers.
 */
import type { ContactSubmission } from './contact-validation';

export interface LeadEmail {
  to: string;
  replyTo: string;
  subject: string;
  text: string;
}

export function headerSafe(value: string): string {
  return value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}

const LANGUAGE_NAMES: Record<string, string> = { en: 'English', ar: 'Arabic (answer in Arabic)' };

export function leadEmail(to: string, id: number, lead: ContactSubmission, language = 'en'): LeadEmail {
  const name = [lead.first_name, lead.last_name].filter(Boolean).join(' ');
  return {
    to: headerSafe(to),
    replyTo: headerSafe(lead.email),
    subject: headerSafe(`New website enquiry from ${name}`).slice(0, 200),
    text: [
      `A new contact form submission (#${id}) was stored.`,
      '',
      `Name: ${name}`,
      `Email: ${lead.email}`,
      `Mobile: ${lead.mobile}`,
      `How they found us: ${lead.method_of_contact ?? '-'}`,
      `Language: ${LANGUAGE_NAMES[language] ?? language}`,
      '',
      'Message:',
      lead.message ?? '-',
    ].join('\n'),
  };
}
