/**
 * What the editors' query builder asks of the server for one page section (decision 227), in one answer
 * so a section costs one request as the editor opens the page: the controls of the section's catalogue
 * in the editor's language, and what the section's query shows (its count and first three cards, in the
 * page's language), read as the page reads it (its `liveAsk`) by the parser and index the public route
 * uses, or the listing's refusal. Each is kept per build of the catalogue, so editors typing cost the
 * public site no rebuild and the same question is answered once a build.
 */
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { KeptPerBuild } from '../../../lib/kept-per-build';
import type { Locale } from '../../../lib/locale';
import { catalogueSpelled, type CatalogueEntry } from '../../catalogues/services/registry';
import { checkSentence, liveAsk, readerIn, SET_BY_SECTION, type SectionRecord } from '../../pages/services/section-queries';
import { previewCard, queryForm, type FormControl, type QueryPreview } from '../lib/query-form';

/** Cards the builder shows beside the count. */
export const PREVIEW_CARDS = 3;
/** Answers each build keeps, of the questions asked last. */
const KEPT = 256;

type Shown = Pick<QueryPreview, 'refused' | 'errors' | 'total' | 'cards'>;

export interface PreviewAsk {
  section: SectionRecord;
  /** The page's language (its cards and refusal); the admin's (the controls' labels). */
  locale: Locale;
  language: Locale;
}

function createListingQueryService(strapi: Core.Strapi) {
  const forms = new KeptPerBuild<object, FormControl[]>(KEPT);
  const shown = new KeptPerBuild<object, Shown>(KEPT);
  // A catalogue whose build is not held yet (the projects before their first fill) keeps nothing.
  const keptIn = async <T>(build: object | undefined, kept: KeptPerBuild<object, T>, key: string, make: () => Promise<T>): Promise<T> => {
    const found = build && kept.get(build, key);
    if (found) return found;
    const made = await make();
    return build ? kept.keep(build, key, made) : made;
  };

  async function show(entry: CatalogueEntry, catalogue: string, query: string, locale: Locale): Promise<Shown> {
    const refusal = readerIn(locale)(catalogue, query);
    if (refusal) return { refused: checkSentence(refusal), errors: refusal, total: null, cards: [] };
    const live = await entry.live(strapi, query, locale, PREVIEW_CARDS);
    return { refused: null, errors: null, total: live?.total ?? 0, cards: (live?.items ?? []).map(previewCard) };
  }

  return {
    async preview({ section, locale, language }: PreviewAsk): Promise<QueryPreview> {
      const asked = liveAsk(section);
      const spelled = asked && catalogueSpelled(asked.catalogue);
      if (!asked || !spelled) throw new errors.ValidationError(`${section.__component} is not a page section with a listing query`);
      const { entry } = spelled;
      const build = (await entry.suggest.current(strapi)) as object | undefined;
      const [controls, result] = await Promise.all([
        keptIn(build, forms, `${asked.catalogue}\n${language}`, async () => queryForm(entry.builder.controls, await entry.builder.options(strapi, language), [...SET_BY_SECTION, ...Object.keys(spelled.narrows)])),
        keptIn(build, shown, `${asked.catalogue}\n${locale}\n${asked.query}`, () => show(entry, asked.catalogue, asked.query, locale)),
      ]);
      return { catalogue: asked.catalogue, name: entry.name, controls, ...result };
    },
  };
}

const services = new WeakMap<Core.Strapi, ReturnType<typeof createListingQueryService>>();

export function listingQueryService(strapi: Core.Strapi) {
  let service = services.get(strapi);
  if (!service) services.set(strapi, (service = createListingQueryService(strapi)));
  return service;
}
