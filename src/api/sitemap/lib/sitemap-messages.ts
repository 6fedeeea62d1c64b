/** What the sitemap routes say to a client, per locale (the error envelope's message). */
import type { Locale } from '../../../lib/locale';

export const SITEMAP_MESSAGES: Record<Locale, { partNotFound: (part: string) => string }> = {
  en: { partNotFound: (part) => `No sitemap part ${part}: the sitemap index names the parts` },
  ar: { partNotFound: (part) => `لا يوجد جزء خريطة موقع باسم ${part}: فهرس خريطة الموقع يسمّي الأجزاء` },
};
