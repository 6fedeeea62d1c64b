/**
 * Every write of a page (decision 168), whoever makes it (the Content Manager, a scheduled publish, a
 * seed): its live sections' queries are read by their catalogue's listing, and one the listing would
 * refuse stops the save (or the publish) with the listing's own messages on that section's field; its
 * slug is refused when another page has it (drafts included: Strapi checks `unique` only on publish) or
 * had it (a former slug keeps naming its page). Once written, the answers of the slugs it had and has
 * are purged, here and at the CDN.
 */
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { WRITE_ACTIONS, writeClearingKeys } from '../../../lib/cache';
import { slugStore } from '../../catalogues/services/slugs';
import { DEFAULT_LOCALE, localeParam, type Locale } from '../../../lib/locale';
import { catalogueSpelled } from '../../catalogues/services/registry';
import { checkSentence, type QueryCheck } from '../lib/live-queries';
import { liveAsk, type SectionRecord } from '../lib/sections';
import { PAGE_TAG_PREFIX, PAGE_UID } from './pages';

const CHECKED_ACTIONS = new Set(['create', 'update', 'publish']);

/** The catalogues' own readers of a query, in the editor's language. */
export const readerIn = (locale: Locale): QueryCheck => (catalogue, query) => {
  const checked = catalogueSpelled(catalogue)!.entry.checkQuery(query, locale);
  return checked.ok ? undefined : checked.errors;
};

interface FieldProblem {
  path: string[];
  message: string;
  name: 'ValidationError';
}

/** The fields of `sections` whose query the listing refuses, with its messages. */
export function sectionProblems(sections: readonly SectionRecord[], check: QueryCheck): FieldProblem[] {
  return sections.flatMap((section, index) => {
    const asked = liveAsk(section);
    const refused = asked && check(asked.catalogue, asked.query);
    if (!refused) return [];
    const field = section.__component === 'sections.area' ? 'community' : 'query';
    return [{ path: ['sections', String(index), field], message: checkSentence(refused), name: 'ValidationError' as const }];
  });
}

function refuse(problems: FieldProblem[]): never {
  const message = problems.length === 1 ? problems[0].message : `${problems.length} sections have a query the listing refuses`;
  throw new errors.ValidationError(message, { errors: problems });
}

export function registerPageWrites(strapi: Core.Strapi): void {
  /** Another page's slug now (any version, any language), or once: the error names the field. */
  async function assertSlugFree(slug: string, documentId: string | undefined): Promise<void> {
    const other = await strapi.db.query(PAGE_UID).findOne({ where: { slug, ...(documentId ? { documentId: { $ne: documentId } } : {}) }, select: ['documentId'] });
    const formerOwner = await slugStore(strapi).ownerOf('page', slug);
    if (!other && (formerOwner === undefined || formerOwner === documentId)) return;
    const message = other ? `Another page has the address "${slug}": choose another.` : `The address "${slug}" was another page's and still leads to it: choose another.`;
    throw new errors.ValidationError(message, { errors: [{ path: ['slug'], message, name: 'ValidationError' }] });
  }

  /** The sections a publish would make public: the draft's, in the locale published. */
  async function draftSections(documentId: string, locale: Locale): Promise<SectionRecord[]> {
    const draft = (await strapi.documents(PAGE_UID).findOne({ documentId, locale, status: 'draft', populate: { sections: { populate: '*' } } } as never)) as { sections?: SectionRecord[] } | null;
    return draft?.sections ?? [];
  }

  strapi.documents.use(async (context, next) => {
    if (context.uid !== PAGE_UID || !WRITE_ACTIONS.has(context.action)) return next();
    const params = context.params as { documentId?: string; locale?: string; data?: Record<string, unknown> };
    const locale = localeParam(params.locale) ?? DEFAULT_LOCALE;
    if (CHECKED_ACTIONS.has(context.action)) {
      const sections = Array.isArray(params.data?.sections)
        ? (params.data.sections as SectionRecord[])
        : context.action === 'publish' && params.documentId
          ? await draftSections(params.documentId, locale)
          : [];
      const problems = sectionProblems(sections, readerIn(locale));
      if (problems.length) refuse(problems);
      const slug = params.data?.slug;
      if (typeof slug === 'string' && slug) await assertSlugFree(slug, params.documentId);
    }
    return writeClearingKeys(strapi, PAGE_UID, 'slug', PAGE_TAG_PREFIX, params.documentId, next);
  });
}
