/**
 * The project listing's 422 messages per locale (decision 56): the catalogues' shared messages, and those
 * of the parameters only projects have (name, developer, completion year, amenities and area lists) and
 * of a project or developer not found.
 */
import type { Locale } from '../../../lib/locale';
import { QUERY_MESSAGES, type QueryMessages, type SharedList } from '../../catalogues/services/vocabulary';

type List = SharedList | 'amenities' | 'area';

export interface ProjectQueryMessages extends QueryMessages {
  list(name: List, options: string): string;
  projectName(max: number): string;
  developerId: string;
  completionYear: string;
  projectNotFound(id: string): string;
  developerNotFound(slug: string): string;
}

const ENGLISH_NAMES: Record<List, string> = { property_type: 'property type', bedrooms: 'bedrooms', amenities: 'amenities', area: 'area' };
const ARABIC_NAMES: Record<List, string> = { property_type: 'نوع العقار', bedrooms: 'عدد غرف النوم', amenities: 'المرافق', area: 'المساحة' };

export const PROJECT_QUERY_MESSAGES: Record<Locale, ProjectQueryMessages> = {
  en: {
    ...QUERY_MESSAGES.en,
    list: (name, options) => `The ${ENGLISH_NAMES[name]} must be one or more of ${options} (repeated or comma-separated).`,
    projectName: (max) => `The project name must be text of at most ${max} characters.`,
    developerId: 'The developer id must be a positive integer.',
    completionYear: 'The completion year must be a four-digit year, e.g. 2027.',
    projectNotFound: (id) => `No off-plan project with id "${id}"`,
    developerNotFound: (slug) => `No developer with slug "${slug}"`,
  },
  ar: {
    ...QUERY_MESSAGES.ar,
    list: (name, options) => `يجب أن يكون ${ARABIC_NAMES[name]} قيمة أو أكثر من: ${options} (مكررة أو مفصولة بفواصل).`,
    projectName: (max) => `يجب أن يكون اسم المشروع نصًا لا يزيد على ${max} حرفًا.`,
    developerId: 'يجب أن يكون معرّف المطوّر عددًا صحيحًا موجبًا.',
    completionYear: 'يجب أن تكون سنة التسليم سنة من أربعة أرقام، مثل 2027.',
    projectNotFound: (id) => `لا يوجد مشروع على الخريطة بالمعرّف "${id}"`,
    developerNotFound: (slug) => `لا يوجد مطوّر بالاسم المختصر "${slug}"`,
  },
};
