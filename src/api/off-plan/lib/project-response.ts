/**
 * One project's answer (decision 25) in a locale, made once per project object and state (a detail
 * read, or the collection's card while the detail is pending), whichever lane asks first, with its own
 * caching headers: the collection's surrogate key and the project's, and a short edge lifetime while
 * its detail is pending (decision 67). Its `seo` (decision 113) is the editors' published override over
 * what the data gives: a new set of overrides makes the answers again.
 */
import { success } from '../../../lib/envelope';
import { ownEdgeHeaders } from '../../../lib/http-caching';
import { LOCALES, type Locale } from '../../../lib/locale';
import type { OptionalMediaUrl } from '../../../lib/media';
import { Representation } from '../../../lib/representation';
import type { SeoRecord } from '../../../lib/seo';
import { sqmOf, type NormalisedProject, type ProjectAnswer } from '../../../plugins/extsource/server/src/public';
import { projectSurrogateKey, PROJECTS_SURROGATE_KEY } from '../routes/off-plan';
import { card } from './project-index';
import { projectIn } from './project-locale';
import { projectSeo } from './project-seo';
import { LISTING_WORDS } from './listing-words';

/** What a project id may look like; anything else is not one (a 404, without asking anyone). */
export const PROJECT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The editors' published SEO overrides in the answer's locale, by project id, and how their images are addressed. */
export interface SeoSource {
  overrides: ReadonlyMap<string, SeoRecord>;
  image: OptionalMediaUrl;
}

interface ProjectResponse {
  pending: boolean;
  overrides: SeoSource['overrides'];
  representation: Representation;
}
const projectResponses = Object.fromEntries(LOCALES.map((locale) => [locale, new WeakMap<NormalisedProject, ProjectResponse>()])) as Record<
  Locale,
  WeakMap<NormalisedProject, ProjectResponse>
>;

/**
 * Decision 25: every card field and the detail fields; decision 68: unit sizes in m² beside sq.ft, and
 * floor plans, brochure and handover day ([] and "" when the provider sent none); decision 67:
 * `detail_status: "pending"` while only the card is held.
 */
function projectData({ project, pending }: ProjectAnswer) {
  const { description, facilities, coordinates, gallery, payment_plans } = project;
  const apartments = project.apartments.map((unit) => ({ ...unit, size_from_sqm: sqmOf(unit.size_from_sqft), size_to_sqm: sqmOf(unit.size_to_sqft) }));
  const extras = { floor_plans: project.floor_plans ?? [], brochure_url: project.brochure_url ?? '', handover_date: project.handover_date ?? '' };
  return { ...card(project), description, apartments, facilities, coordinates, gallery, payment_plans, ...extras, ...(pending ? { detail_status: 'pending' } : {}) };
}

/** Decision 113: the answer's `seo`, after the other fields. */
function withSeo<T extends object>(data: T, project: NormalisedProject, locale: Locale, source: SeoSource) {
  return { ...data, seo: projectSeo(project, locale, source.overrides.get(project.id), source.image) };
}

const projectEdgeHeaders = (id: string, pending: boolean) => ownEdgeHeaders(pending ? 'pending' : 'provider', [PROJECTS_SURROGATE_KEY, projectSurrogateKey(id)]);

/** The project's response in `locale`. */
export function projectRepresentation(answer: ProjectAnswer, locale: Locale, seo: SeoSource): Representation {
  const kept = projectResponses[locale].get(answer.project);
  if (kept?.pending === answer.pending && kept.overrides === seo.overrides) return kept.representation;
  const shown = projectIn(answer.project, locale);
  const data = withSeo(projectData({ project: shown, pending: answer.pending }), shown, locale, seo);
  const body = Buffer.from(JSON.stringify(success(data, 200, LISTING_WORDS[locale].projectMessage)));
  const representation = new Representation(body, true, projectEdgeHeaders(answer.project.id, answer.pending));
  projectResponses[locale].set(answer.project, { pending: answer.pending, overrides: seo.overrides, representation });
  return representation;
}
