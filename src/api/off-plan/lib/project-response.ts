/**
 * One project's answer (decision 25) in a locale, made once per project object, state (a detail read,
 * or the collection's card while the detail is pending) and project index (its similar projects: decision
 * 126), whichever lane asks first, with its own caching headers: the collection's surrogate key, the
 * project's and those of its similar projects, and a short edge lifetime while its detail is pending
 * (decision 67).
 */
import { success } from '../../../lib/envelope';
import { ownEdgeHeaders } from '../../../lib/http-caching';
import { LOCALES, type Locale } from '../../../lib/locale';
import { Representation } from '../../../lib/representation';
import { sqmOf, type NormalisedProject, type ProjectAnswer } from '../../../plugins/extsource/server/src/public';
import { projectSurrogateKey, PROJECTS_SURROGATE_KEY } from '../routes/off-plan';
import { card, type ProjectIndex } from './project-index';
import { projectIn } from './project-locale';
import { LISTING_WORDS } from './listing-words';
import type { SimilarLists } from './similar-projects';

/** What a project id may look like; anything else is not one (a 404, without asking anyone). */
export const PROJECT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** A locale's project index with each project's similar projects: what `similar` is read from. */
export interface SimilarSource {
  index: ProjectIndex;
  similar: SimilarLists;
}

interface ProjectResponse {
  pending: boolean;
  source: SimilarSource;
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

/** Decision 126: the listing's cards (the index's locale, AED) of the project's similar projects; none when the index does not list it. */
function similarData(id: string, { index, similar }: SimilarSource) {
  const position = index.byId.get(id);
  const others = position === undefined ? [] : [...similar[position]];
  return { similarIds: others.map((other) => index.projects[other].id), similar: others.map((other) => JSON.parse(index.cardBytes[other].toString('utf8')) as unknown) };
}

const projectEdgeHeaders = (ids: readonly string[], pending: boolean) => ownEdgeHeaders(pending ? 'pending' : 'provider', [PROJECTS_SURROGATE_KEY, ...ids.map(projectSurrogateKey)]);

/** The project's response in `locale`, its similar projects from `source` (the index of the same locale). */
export function projectRepresentation(answer: ProjectAnswer, locale: Locale, source: SimilarSource): Representation {
  const kept = projectResponses[locale].get(answer.project);
  if (kept?.pending === answer.pending && kept.source === source) return kept.representation;
  const { similar, similarIds } = similarData(answer.project.id, source);
  const data = { ...projectData({ project: projectIn(answer.project, locale), pending: answer.pending }), similar };
  const body = Buffer.from(JSON.stringify(success(data, 200, LISTING_WORDS[locale].projectMessage)));
  const representation = new Representation(body, true, projectEdgeHeaders([answer.project.id, ...similarIds], answer.pending));
  projectResponses[locale].set(answer.project, { pending: answer.pending, source, representation });
  return representation;
}
