/**
 * The thread the Reelly catalogue is read in (reelly-catalogue-reader.ts starts it, one per read): the
 * pages, their parsing and the mapping of every project. What reading makes lives and is collected in
 * this thread's heap; the visitors' thread receives the mapped projects alone, a batch when it asks,
 * and of a project it holds unchanged (the same fingerprint) the id alone.
 */
import { createHash } from 'crypto';
import { parentPort, workerData } from 'worker_threads';
import type { NormalisedProject } from '../mapping/types';
import { sentError } from './provider-error';
import { readReellyCatalogue } from './reelly';
import { PROJECTS_PER_BATCH, type CatalogueMessage, type CatalogueTask, type ListedProject } from './reelly-catalogue-reader';

const port = parentPort!;
const send = (message: CatalogueMessage) => port.postMessage(message);

/** A project's fingerprint: its mapped form, hashed (whatever a mapping change or a provider's edit changes, it changes). */
const fingerprintOf = (project: NormalisedProject) => createHash('sha1').update(JSON.stringify(project)).digest('base64');

/** The project as sent: by id alone when the visitors' thread holds it with the same fingerprint. */
function listed(project: NormalisedProject, held: ReadonlyMap<string, string>): ListedProject {
  const fingerprint = fingerprintOf(project);
  return held.get(project.id) === fingerprint ? { id: project.id, fingerprint } : { id: project.id, fingerprint, project };
}

/** A batch now and one each time the reader asks for more, then `last`. */
function sendInBatches(projects: NormalisedProject[], held: ReadonlyMap<string, string>, last: CatalogueMessage): void {
  let next = 0;
  const sendNext = () => {
    if (next >= projects.length) {
      port.off('message', sendNext);
      send(last);
      return;
    }
    send({ kind: 'projects', listed: projects.slice(next, next + PROJECTS_PER_BATCH).map((project) => listed(project, held)) });
    next += PROJECTS_PER_BATCH;
  };
  port.on('message', sendNext);
  sendNext();
}

async function read({ settings, policy, defaults, known, held }: CatalogueTask): Promise<void> {
  try {
    const { fetched, developers } = await readReellyCatalogue(
      settings,
      policy,
      defaults,
      known,
      (endpoint, outcome, seconds) => send({ kind: 'request', endpoint, outcome, seconds }),
      (fetchedSoFar) => send({ kind: 'progress', fetched: fetchedSoFar })
    );
    sendInBatches(fetched.records, new Map(held), { kind: 'done', rejected: fetched.rejected, warnings: fetched.warnings, developers });
  } catch (error) {
    send({ kind: 'failed', error: sentError(error) });
  }
}

void read(workerData as CatalogueTask);
