/**
 * One project's answer (decision 25) in a locale, made once per project object, state (a detail read,
 * or the collection's card while the detail is pending), project index (its slugs and similar projects:
 * decision 125) and set of editors' SEO overrides (decision 112), whichever lane asks first, with its own
 * caching headers: the collection's surrogate key, the project's and those of its similar projects, and a
 * short edge lifetime while its detail is pending (decision 67).
 */
import { success } from '../../../lib/envelope';
import { ownEdgeHeaders } from '../../../lib/http-caching';
import { perLocale, type Locale } from '../../../lib/locale';
import type { OptionalMediaUrl } from '../../../lib/media';
import { Representation } from '../../../lib/representation';
import type { SeoRecord } from '../../../lib/seo';
import { sqmOf, type NormalisedProject, type ProjectAnswer } from '../../../plugins/extsource/server/src/public';
import { projectSurrogateKey, PROJECTS_SURROGATE_KEY } from '../routes/off-plan';
import { card } from './project-card';
import type { ProjectIndex } from './project-catalogue';
import { cardPage, projectPage, withDeveloperSlug, type ProjectSlugs } from './project-pages';
import { projectIn } from './project-locale';
import { projectSeo } from './project-seo';
import { LISTING_WORDS } from './listing-words';
import { projectStructuredData } from './project-structured-data';
import type { SimilarProjects } from './similar-projects';

/** What a project id may look like; anything else is not one (a 404, without asking anyone). */
export const PROJECT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** A locale's project index with each project's similar projects: what `similar` is read from. */
export interface SimilarSource {
  index: ProjectIndex;
  similar: SimilarProjects;
}

/** The editors' published SEO overrides in the answer's locale, by project id, and how their images are addressed. */
export interface SeoSource {
  overrides: ReadonlyMap<string, SeoRecord>;
  image: OptionalMediaUrl;
}

interface ProjectResponse {
  pending: boolean;
  source: SimilarSource;
  overrides: SeoSource['overrides'];
  representation: Representation;
}
const projectResponses = perLocale(() => new WeakMap<NormalisedProject, ProjectResponse>());

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

/** Decision 112: the project's `seo`, the editors' override over what its data gives. */
const seoOf = (project: NormalisedProject, locale: Locale, source: SeoSource) => projectSeo(project, locale, source.overrides.get(project.id), source.image);

/** Decision 115: the project's schema.org JSON-LD, for its page (`canonical_url`), after the other fields issue 34 adds. */
const structuredData = (project: NormalisedProject, locale: Locale, page: { canonical_url: string }) => ({
  structured_data: projectStructuredData(project, locale, page.canonical_url),
});

/** Decision 125: the listing's cards (the index's locale, AED) of the project's similar projects; none when the index does not list it. */
function similarData(id: string, { index, similar }: SimilarSource) {
  const position = index.byId.get(id);
  const others = position === undefined ? [] : [...similar.listOf(position)];
  return { similarIds: others.map((other) => index.projects[other].id), similar: others.map((other) => JSON.parse(index.cardBytes[other].toString('utf8')) as unknown) };
}

const projectEdgeHeaders = (ids: readonly string[], pending: boolean) => ownEdgeHeaders(pending ? 'pending' : 'provider', [PROJECTS_SURROGATE_KEY, ...ids.map(projectSurrogateKey)]);

/** What a project's answer is made from besides the project: its slugs, the editors' SEO, the locale's index. */
export interface ProjectContext {
  slugs: ProjectSlugs;
  seo: SeoSource;
  similar: SimilarSource;
}

/** The project's response in `locale`: the same bytes whichever of its slug or id was asked for. */
export function projectRepresentation(answer: ProjectAnswer, locale: Locale, { slugs: { slug, developers }, seo, similar: source }: ProjectContext): Representation {
  const kept = projectResponses[locale].get(answer.project);
  // The context's slugs are those its index was built with (services/off-plan.ts): a new index brings both.
  if (kept?.pending === answer.pending && kept.source === source && kept.overrides === seo.overrides) return kept.representation;
  const project = withDeveloperSlug(projectIn(answer.project, locale), developers);
  const page = projectPage(slug, locale);
  const { similar, similarIds } = similarData(answer.project.id, source);
  const data = { ...projectData({ project, pending: answer.pending }), ...page, seo: seoOf(project, locale, seo), ...structuredData(project, locale, page), similar };
  const body = Buffer.from(JSON.stringify(success(data, 200, LISTING_WORDS[locale].projectMessage)));
  const representation = new Representation(body, true, projectEdgeHeaders([answer.project.id, ...similarIds], answer.pending));
  projectResponses[locale].set(answer.project, { pending: answer.pending, source, overrides: seo.overrides, representation });
  return representation;
}

/** A former slug's answer (decision 110): a 301 naming the project's id, current slug and page; cached and purged as the project is. */
export function movedProject(id: string, slug: string, locale: Locale) {
  return { body: success({ id, ...cardPage(slug, locale) }, 301, LISTING_WORDS[locale].projectMoved), edge: projectEdgeHeaders([id], false) };
}
