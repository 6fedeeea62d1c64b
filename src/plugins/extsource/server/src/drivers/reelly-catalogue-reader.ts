/**
 * Reads the Reelly catalogue in a thread of its own (reelly-catalogue-thread.ts), started for one read
 * and ended with it (decision 184). On the visitors' thread, each of a catalogue's pages was one turn of
 * 20 to 30 ms (a page of 500 projects made into text and parsed, neither of which can be cut), and the
 * parsed pages the garbage behind its longest collections. Here that thread takes in the mapped
 * projects a batch per turn, and hears of the requests (metrics) and the progress. A project held here
 * unchanged since the last read (its fingerprint the same) is named, not sent: the held object is kept,
 * so a refresh that changes a few projects makes a few objects, not a whole collection's (decision 241).
 */
import path from 'path';
import { setImmediate as nextTurn } from 'timers/promises';
import type { NormalisedProject, Rejected } from '../mapping/types';
import type { RequestObserver, RetryPolicy } from './http';
import { receivedError, type SentError } from './provider-error';
import type { KnownDevelopers, ReellyCatalogue, ReellyDefaults, ReellySettings } from './reelly';
import { backgroundThread } from './thread-priority';
import type { Progress } from './types';

/** Projects the visitors' thread takes in at once: a few milliseconds of copying. */
export const PROJECTS_PER_BATCH = 100;

/** The thread's young generation: what it parses is kept until mapped, so a large one only holds more at once. */
const YOUNG_GENERATION_MB = 8;

/** What the thread is given: plain data, copied to it. */
export interface CatalogueTask {
  settings: ReellySettings;
  policy: RetryPolicy;
  defaults: ReellyDefaults;
  known: KnownDevelopers | undefined;
  /** The id and fingerprint of each project held on the visitors' thread whose fingerprint is known. */
  held: Array<[id: string, fingerprint: string]>;
}

/** A project as the thread lists it: whole, or by id alone when the visitors' thread holds it with this fingerprint. */
export interface ListedProject {
  id: string;
  fingerprint: string;
  project?: NormalisedProject;
}

/** What the thread tells: each request and the progress as they happen, then the projects in batches, then the rest. */
export type CatalogueMessage =
  | { kind: 'request'; endpoint: string; outcome: string; seconds: number }
  | { kind: 'progress'; fetched: number }
  | { kind: 'projects'; listed: ListedProject[] }
  | { kind: 'done'; rejected: Rejected[]; warnings: string[] | undefined; developers: KnownDevelopers | undefined }
  | { kind: 'failed'; error: SentError };

/** Each project's fingerprint, as the thread sent it: known for the projects of the reads before. */
const fingerprints = new WeakMap<NormalisedProject, string>();

/** The held projects whose fingerprints are known, by id. */
function heldById(held: readonly NormalisedProject[]): Map<string, NormalisedProject> {
  const byId = new Map<string, NormalisedProject>();
  for (const project of held) if (fingerprints.has(project)) byId.set(project.id, project);
  return byId;
}

/**
 * The catalogue as `readReellyCatalogue` reads it, read in its own thread; each project in `held` the
 * read finds unchanged is given back as it is.
 */
export async function readCatalogueInThread(
  task: Omit<CatalogueTask, 'held'>,
  held: readonly NormalisedProject[] = [],
  observe?: RequestObserver,
  progress?: Progress
): Promise<ReellyCatalogue> {
  const kept = heldById(held);
  const workerData: CatalogueTask = { ...task, held: [...kept.values()].map((project) => [project.id, fingerprints.get(project)!]) };
  const worker = backgroundThread(path.join(__dirname, 'reelly-catalogue-thread.js'), { workerData, resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } });
  const records: NormalisedProject[] = [];
  const take = ({ id, fingerprint, project }: ListedProject) => {
    const record = project ?? kept.get(id);
    // The thread names only what it was told is held: anything else is a defect, not a provider's answer.
    if (!record) throw new Error(`the thread reading the Reelly catalogue named project ${id}, which is not held`);
    fingerprints.set(record, fingerprint);
    records.push(record);
  };
  try {
    return await new Promise<ReellyCatalogue>((resolve, reject) => {
      worker.on('message', (message: CatalogueMessage) => {
        switch (message.kind) {
          case 'request':
            observe?.(message.endpoint, message.outcome, message.seconds);
            break;
          case 'progress':
            progress?.(message.fetched);
            break;
          case 'projects':
            try {
              for (const listed of message.listed) take(listed);
            } catch (error) {
              reject(error);
              break;
            }
            // The next batch after the visitors waiting now.
            void nextTurn().then(() => worker.postMessage('more'));
            break;
          case 'done': {
            const fetched = { records, rejected: message.rejected };
            resolve({ fetched: message.warnings ? { ...fetched, warnings: message.warnings } : fetched, developers: message.developers });
            break;
          }
          case 'failed':
            reject(receivedError(message.error));
        }
      });
      worker.on('error', reject);
      worker.on('exit', (code) => reject(new Error(`the thread reading the Reelly catalogue stopped (exit code ${code})`)));
    });
  } finally {
    worker.removeAllListeners('exit');
    await worker.terminate();
  }
}
