/**
 * One project's answer (decision 25) in a locale, made once per project object and state (a detail
 * read, or the collection's card while the detail is pending), whichever lane asks first, with its own
 * caching headers: the collection's surrogate key and the project's, and a short edge lifetime while
 * its detail is pending (decision 67).
 */
import { success } from '../../../lib/envelope';
import { ownEdgeHeaders } from '../../../lib/http-caching';
import { LOCALES, type Locale } from '../../../lib/locale';
import { Representation } from '../../../lib/representation';
import { sqmOf, type NormalisedProject, type ProjectAnswer } from '../../../plugins/extsource/server/src/public';
import { projectSurrogateKey, PROJECTS_SURROGATE_KEY } from '../routes/off-plan';
import { card } from './project-index';
import { cardPage, projectPage, withDeveloperSlug, type ProjectSlugs } from './project-pages';
import { projectIn } from './project-locale';
import { LISTING_WORDS } from './listing-words';

/** What a project id may look like; anything else is not one (a 404, without asking anyone). */
export const PROJECT_ID = /^[A-Za-z0-9_-]{1,64}$/;

interface ProjectResponse {
  pending: boolean;
  slugs: string;
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

const projectEdgeHeaders = (id: string, pending: boolean) => ownEdgeHeaders(pending ? 'pending' : 'provider', [PROJECTS_SURROGATE_KEY, projectSurrogateKey(id)]);

/** The project's response in `locale`, with its current slugs: the same bytes whichever of its slug or id was asked for. */
export function projectRepresentation(answer: ProjectAnswer, locale: Locale, { slug, developers }: ProjectSlugs): Representation {
  const kept = projectResponses[locale].get(answer.project);
  const slugs = `${slug} ${developers?.get(answer.project.developer.id) ?? ''}`;
  if (kept?.pending === answer.pending && kept.slugs === slugs) return kept.representation;
  const project = withDeveloperSlug(projectIn(answer.project, locale), developers);
  const data = { ...projectData({ project, pending: answer.pending }), ...projectPage(slug, locale) };
  const body = Buffer.from(JSON.stringify(success(data, 200, LISTING_WORDS[locale].projectMessage)));
  const representation = new Representation(body, true, projectEdgeHeaders(answer.project.id, answer.pending));
  projectResponses[locale].set(answer.project, { pending: answer.pending, slugs, representation });
  return representation;
}

/** A former slug's answer (decision 110): a 301 naming the project's id, current slug and page; cached and purged as the project is. */
export function movedProject(id: string, slug: string, locale: Locale) {
  return { body: success({ id, ...cardPage(slug, locale) }, 301, LISTING_WORDS[locale].projectMoved), edge: projectEdgeHeaders(id, false) };
}
