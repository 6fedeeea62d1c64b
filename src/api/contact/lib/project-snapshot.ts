/**
 * What the buyer saw of the project they asked about, kept on the lead as it was at submission
 * (decision 142): the feed changes later, the sales team calls about what was on the page. Pure.
 */
import type { NormalisedProject } from '../../../plugins/extsource/server/src/public';

// A type, not an interface: it is stored as a JSON value, which needs its implicit index signature.
export type ProjectSnapshot = {
  id: string;
  slug: string;
  name: string;
  ref_no: string;
  developer: { id: number; name: string };
  community: string;
  emirate: { code: string; name: string };
  starting_price: { amount: number | null; currency: string };
  agent: { name: string; phone: string };
  /** The project's page on the website, in the language the lead was sent in. */
  page_url: string;
  /** Empty when the feed has none for the project. */
  brochure_url: string;
};

export function projectSnapshot(project: NormalisedProject, slug: string, pageUrl: string): ProjectSnapshot {
  return {
    id: project.id,
    slug,
    name: project.name,
    ref_no: project.ref_no,
    developer: { id: project.developer.id, name: project.developer.name },
    community: project.community,
    emirate: { code: project.state_id, name: project.state_name },
    starting_price: { amount: project.price.starting_from, currency: project.price.currency },
    agent: { name: project.agent.name, phone: project.agent.phone },
    page_url: pageUrl,
    brochure_url: project.brochure_url ?? '',
  };
}
