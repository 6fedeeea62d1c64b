/**
 * A buyer's alert e-mail (pure): one saved search's or their favourites' news (instant), or a digest of
 * every subject due, in the buyer's language, the names of the projects and listings in it. Each subject has its own
 * unsubscribe link; the RFC 8058 headers carry the one that stops every subject of this e-mail. A
 * search's name (the buyer's own text) is stripped of control characters before it reaches a header.
 */
import type { AlertKind } from './alert-rules';

export type AlertLocale = 'en' | 'ar';

export interface EmailAlert {
  subject: string;
  subject_name: string | null;
  project_id: string;
  project_names: Record<string, string>;
  kind: AlertKind;
  price: number | null;
  previous_price: number | null;
}

export interface AlertEmailLinks {
  /** Stops every subject of the e-mail (the List-Unsubscribe header). */
  unsubscribeAll: string;
  /** Stops one subject. */
  unsubscribe(subject: string): string;
  /** The page on the website of the item a key names (a project, a listing), when the website is known. */
  project(key: string): string | undefined;
  /** Whether the price of the item a key names is where its prices start (a project's), rather than its own (a listing's). */
  pricedFrom(key: string): boolean;
}

export interface AlertEmail {
  to: string;
  subject: string;
  text: string;
  headers: Record<string, string>;
}

const WORDS = {
  en: {
    digest: 'Your off-plan alerts',
    search: (name: string) => `New for your saved search "${name}"`,
    favorites: 'A price drop on your favourites',
    favoritesTitle: 'Your favourites',
    searchTitle: (name: string) => `Saved search "${name}"`,
    new: 'New match',
    drop: (from: string) => `Price drop (was ${from})`,
    price: 'From',
    noPrice: 'Price on request',
    view: 'View',
    stop: 'Stop these alerts',
    footer: 'You get these e-mails because you asked for alerts and agreed to hear from us.',
  },
  ar: {
    digest: 'تنبيهات المشاريع على الخارطة',
    search: (name: string) => `جديد في بحثك المحفوظ "${name}"`,
    favorites: 'انخفاض في سعر أحد مشاريعك المفضلة',
    favoritesTitle: 'مشاريعك المفضلة',
    searchTitle: (name: string) => `البحث المحفوظ "${name}"`,
    new: 'نتيجة جديدة',
    drop: (from: string) => `انخفاض في السعر (كان ${from})`,
    price: 'يبدأ من',
    noPrice: 'السعر عند الطلب',
    view: 'عرض',
    stop: 'إيقاف هذه التنبيهات',
    footer: 'تصلك هذه الرسائل لأنك طلبت التنبيهات ووافقت على تلقي رسائلنا.',
  },
} as const;

const oneLine = (text: string) => text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();

function amount(value: number, locale: AlertLocale): string {
  return new Intl.NumberFormat(locale === 'ar' ? 'ar-AE' : 'en-AE', { style: 'currency', currency: 'AED', maximumFractionDigits: 0 }).format(value);
}

export function alertEmail(to: string, locale: AlertLocale, alerts: readonly EmailAlert[], links: AlertEmailLinks, digest: boolean): AlertEmail {
  const words = WORDS[locale];
  const bySubject = new Map<string, EmailAlert[]>();
  for (const alert of alerts) bySubject.set(alert.subject, [...(bySubject.get(alert.subject) ?? []), alert]);
  const sections = [...bySubject].map(([subject, items]) => {
    const name = oneLine(items[0].subject_name ?? '');
    const title = subject.startsWith('favorites:') ? words.favoritesTitle : words.searchTitle(name);
    const lines = items.map((item) => {
      const projectName = item.project_names[locale] ?? item.project_names.en ?? item.project_id;
      const what = item.kind === 'new' || item.previous_price === null ? words.new : words.drop(amount(item.previous_price, locale));
      const from = links.pricedFrom(item.project_id) ? `${words.price} ` : '';
      const price = item.price === null ? words.noPrice : `${from}${amount(item.price, locale)}`;
      const link = links.project(item.project_id);
      return [`- ${projectName}: ${what}. ${price}.`, link ? `  ${words.view}: ${link}` : ''].filter(Boolean).join('\n');
    });
    return [title, ...lines, `${words.stop}: ${links.unsubscribe(subject)}`].join('\n');
  });
  const [first] = alerts;
  const subjectLine = digest ? words.digest : first.subject.startsWith('favorites:') ? words.favorites : words.search(oneLine(first.subject_name ?? ''));
  return {
    to,
    subject: subjectLine.slice(0, 200),
    text: [...sections, '', words.footer].join('\n\n'),
    headers: {
      'List-Unsubscribe': `<${links.unsubscribeAll}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
